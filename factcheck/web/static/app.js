// The reviewer's keyboard (j/k move, a accept, d dismiss) and the check-progress poll.
// After a decision the server sends the page back at the next open finding (#f-ID), which
// is selected on load, so a reviewer can work through a draft with a and d alone.
// Plain script, no build step; the page works without it.
(function () {
  "use strict";

  function findings() { return Array.from(document.querySelectorAll("article.finding")); }

  function select(card, scroll) {
    findings().forEach(function (f) { f.classList.remove("selected"); f.removeAttribute("aria-current"); });
    document.querySelectorAll("mark.active").forEach(function (m) { m.classList.remove("active"); });
    if (!card) return;
    card.classList.add("selected");
    card.setAttribute("aria-current", "true");
    var id = card.dataset.findingId;
    document.querySelectorAll("mark[data-findings]").forEach(function (m) {
      if (m.dataset.findings.split(" ").indexOf(id) >= 0) m.classList.add("active");
    });
    if (scroll) {
      card.scrollIntoView({block: "nearest"});
      var line = document.getElementById("L" + card.dataset.line);
      if (line) line.scrollIntoView({block: "nearest"});
    }
    if (history.replaceState) history.replaceState(null, "", "#f-" + id);
  }

  function current() { return document.querySelector("article.finding.selected"); }

  function move(step) {
    var all = findings();
    if (!all.length) return;
    var at = all.indexOf(current());
    var next = at < 0 ? (step > 0 ? 0 : all.length - 1) : Math.min(all.length - 1, Math.max(0, at + step));
    select(all[next], true);
  }

  function typing(el) {
    return el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target)) {
      if (event.key === "Escape") event.target.blur();
      return;
    }
    var card = current();
    if (event.key === "j") { move(1); event.preventDefault(); }
    else if (event.key === "k") { move(-1); event.preventDefault(); }
    else if (event.key === "a" && card) {
      var accept = card.querySelector("form.accept");
      var button = accept && accept.querySelector("button");
      if (button && !button.disabled) { accept.requestSubmit(); event.preventDefault(); }
    } else if (event.key === "d" && card) {
      var reason = card.querySelector("form.dismiss input[name=reason]");
      // A dismissal needs a reason: focus it; Enter then submits the form.
      if (reason) { reason.focus(); event.preventDefault(); }
    }
  });

  document.addEventListener("click", function (event) {
    var mark = event.target.closest && event.target.closest("mark[data-findings]");
    if (mark) {
      var card = document.getElementById("f-" + mark.dataset.findings.split(" ")[0]);
      if (card) select(card, true);
      return;
    }
    var clicked = event.target.closest && event.target.closest("article.finding");
    if (clicked && clicked !== current()) select(clicked, false);
  });

  document.addEventListener("DOMContentLoaded", function () {
    var fromHash = location.hash.indexOf("#f-") === 0 && document.getElementById(location.hash.slice(1));
    if (fromHash) select(fromHash, true);

    var status = document.querySelector("[data-poll]");
    if (!status) return;
    var url = status.dataset.poll;
    var timer = setInterval(function () {
      fetch(url, {credentials: "same-origin", headers: {"Accept": "application/json"}})
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data) return;
          status.textContent = data.run_status_text || data.run_status;
          status.className = "run " + data.run_status;
          var line = document.getElementById("run-progress");
          if (line) line.textContent = data.progress_text || data.progress || "";
          if (data.run_status === "done" || data.run_status === "failed" || data.run_status === "incomplete") {
            clearInterval(timer);
            location.reload();
          }
        })
        .catch(function () { /* a missed poll is retried on the next tick */ });
    }, 1000);
  });
})();
