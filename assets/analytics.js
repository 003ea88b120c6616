// First-party analytics, loaded only while analytics consent is on (src/features/consent/views).
// Sets a random visitor id cookie and reports page views to /api/collect with sendBeacon. The
// search page's view carries its query string (the search made there), and a click on one of
// its results reports the query, the result's kind and position (never the visitor's id). A click
// on a link of an experiment's variant reports the experiment (its call-to-action goal).
(function () {
  var name = "meridian_aid";
  var match = document.cookie.match(/(?:^|; )meridian_aid=([^;]+)/);
  var id = match ? match[1] : (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
  document.cookie = name + "=" + id + "; Max-Age=31536000; Path=/; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
  var active = true;
  function pageview() {
    if (!active || !navigator.sendBeacon) return;
    var view = { id: id, path: location.pathname, referrer: document.referrer.slice(0, 200) };
    if ((location.pathname === "/search" || location.pathname === "/ask") && location.search) view.search = location.search.slice(0, 500);
    navigator.sendBeacon("/api/collect", JSON.stringify(view));
  }
  // Capture: seen before the app's router takes the click over.
  document.addEventListener(
    "click",
    function (event) {
      // A link of an experiment's variant: its call-to-action goal, if it has that goal (decision 028).
      var variantLink = active && navigator.sendBeacon && event.target instanceof Element ? event.target.closest("[data-experiment] a[href]") : null;
      if (variantLink) {
        var experiment = variantLink.closest("[data-experiment]").getAttribute("data-experiment");
        navigator.sendBeacon("/api/collect", JSON.stringify({ type: "experiment_click", experiment: experiment }));
      }
      var link = active && navigator.sendBeacon && event.target instanceof Element ? event.target.closest("a[data-search-position]") : null;
      var list = link && link.closest("[data-search-query]");
      if (!list) return;
      navigator.sendBeacon(
        "/api/collect",
        JSON.stringify({
          type: "search_click",
          source: "page",
          q: list.getAttribute("data-search-query"),
          kind: link.getAttribute("data-search-kind"),
          position: Number(link.getAttribute("data-search-position")),
        }),
      );
    },
    true,
  );
  window.meridianAnalytics = {
    pageview: pageview,
    stop: function () {
      active = false;
      document.cookie = name + "=; Max-Age=0; Path=/";
    },
  };
  // A page the browser prerendered ahead (speculation rules) is counted when it is shown.
  if (document.prerendering) document.addEventListener("prerenderingchange", pageview, { once: true });
  else pageview();
})();
