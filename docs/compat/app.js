// heartspec compatibility report: filters kept in the URL hash (#ruleset=fi&area=first_trick&outcome=failed).
// Without JavaScript every page still shows everything; with it, a shared link opens the same view.
(function () {
  "use strict";
  var OUTCOMES = ["passed", "failed", "errored", "skipped"];
  var selects = Array.prototype.slice.call(document.querySelectorAll("select[data-filter]"));
  if (!selects.length) { return; }
  var dataNode = document.getElementById("compat-data");
  var data = dataNode ? JSON.parse(dataNode.textContent) : null;

  function readHash() {
    var state = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
      var parts = pair.split("=");
      if (parts[0]) { state[decodeURIComponent(parts[0])] = decodeURIComponent(parts[1] || ""); }
    });
    return state;
  }

  function writeHash(state) {
    var pairs = Object.keys(state).filter(function (k) { return state[k]; }).sort().map(function (k) {
      return encodeURIComponent(k) + "=" + encodeURIComponent(state[k]);
    });
    history.replaceState(null, "", pairs.length ? "#" + pairs.join("&") : location.pathname + location.search);
  }

  function current() {
    var state = {};
    selects.forEach(function (s) { state[s.getAttribute("data-filter")] = s.value; });
    return state;
  }

  function matches(node, state) {
    var ruleset = node.getAttribute("data-ruleset"), area = node.getAttribute("data-area");
    var outcome = node.getAttribute("data-outcome");
    // a cause lists every ruleset and area it explains, space-separated
    if (state.ruleset && ruleset !== null && ruleset.split(" ").indexOf(state.ruleset) < 0) { return false; }
    if (state.area && area !== null && area.split(" ").indexOf(state.area) < 0) { return false; }
    if (state.outcome && outcome !== null && outcome.split(" ").indexOf(state.outcome) < 0) { return false; }
    return true;
  }

  function tally(byArea, column, area) {
    var counts = {passed: 0, failed: 0, errored: 0, skipped: 0, total: 0};
    var areas = byArea[column] || {};
    Object.keys(areas).forEach(function (name) {
      if (area && name !== area) { return; }
      OUTCOMES.forEach(function (o) { counts[o] += areas[name][o]; });
      counts.total += areas[name].total;
    });
    return counts;
  }

  function paintCell(td, counts) {
    var bar = td.querySelector(".bar");
    bar.innerHTML = "";
    bar.className = counts.total ? "bar" : "bar empty";
    OUTCOMES.forEach(function (o) {
      if (!counts[o]) { return; }
      var span = document.createElement("span");
      span.className = o;
      span.style.width = (100 * counts[o] / counts.total).toFixed(2) + "%";
      bar.appendChild(span);
    });
    td.querySelectorAll(".n").forEach(function (n) {
      OUTCOMES.forEach(function (o) { if (n.classList.contains(o)) { n.textContent = String(counts[o]); } });
    });
  }

  function filterMatrix(state) {
    if (!data) { return; }
    document.querySelectorAll("table.matrix [data-column]").forEach(function (node) {
      node.classList.toggle("hidden", Boolean(state.ruleset) && node.getAttribute("data-column") !== state.ruleset);
    });
    var tbody = document.querySelector("table.matrix tbody");
    var rows = Array.prototype.slice.call(tbody.querySelectorAll("tr.engine"));
    rows.forEach(function (tr) {
      var byArea = data.engines[tr.getAttribute("data-label")];
      var shown = {passed: 0, failed: 0, errored: 0, skipped: 0};
      tr.querySelectorAll("td.cell").forEach(function (td) {
        var column = td.getAttribute("data-column");
        var counts = tally(byArea, column, state.area);
        paintCell(td, counts);
        if (!state.ruleset || column === state.ruleset) {
          OUTCOMES.forEach(function (o) { shown[o] += counts[o]; });
        }
      });
      tr.setAttribute("data-passed", String(shown.passed));
      tr.setAttribute("data-bad", String(shown.failed + shown.errored));
      tr.classList.toggle("hidden", Boolean(state.outcome) && shown[state.outcome] === 0);
    });
    // closest to the rules first, in the view shown: most passed, then fewest failed or errored, then overall rank
    rows.sort(function (a, b) {
      return (b.getAttribute("data-passed") - a.getAttribute("data-passed")) ||
             (a.getAttribute("data-bad") - b.getAttribute("data-bad")) ||
             (a.getAttribute("data-rank") - b.getAttribute("data-rank"));
    });
    rows.forEach(function (tr) { tbody.appendChild(tr); });
  }

  function apply() {
    var state = current();
    writeHash(state);
    filterMatrix(state);
    var total = 0, shown = 0;
    document.querySelectorAll(".filterable [data-ruleset], ul.departures li").forEach(function (node) {
      var ok = matches(node, state);
      node.classList.toggle("hidden", !ok);
      if (node.closest(".filterable")) { total += 1; shown += ok ? 1 : 0; }
    });
    document.querySelectorAll(".shown").forEach(function (n) { n.textContent = shown + " of " + total + " rows shown"; });
  }

  var initial = readHash();
  selects.forEach(function (s) {
    var wanted = initial[s.getAttribute("data-filter")];
    if (wanted && s.querySelector('option[value="' + CSS.escape(wanted) + '"]')) { s.value = wanted; }
    s.addEventListener("change", apply);
  });
  window.addEventListener("hashchange", function () {
    var state = readHash();
    selects.forEach(function (s) { s.value = state[s.getAttribute("data-filter")] || ""; });
    apply();
  });
  apply();
}());
