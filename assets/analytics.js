// First-party analytics, loaded only while analytics consent is on (src/views/consent).
// Sets a random visitor id cookie and reports page views to /api/collect with sendBeacon.
(function () {
  var name = "meridian_aid";
  var match = document.cookie.match(/(?:^|; )meridian_aid=([^;]+)/);
  var id = match ? match[1] : (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
  document.cookie = name + "=" + id + "; Max-Age=31536000; Path=/; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
  var active = true;
  function pageview() {
    if (!active || !navigator.sendBeacon) return;
    navigator.sendBeacon("/api/collect", JSON.stringify({ id: id, path: location.pathname, referrer: document.referrer.slice(0, 200) }));
  }
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
