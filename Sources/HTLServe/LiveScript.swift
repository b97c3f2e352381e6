/// The pages' one script, an enhancement only (every page works without
/// it): once a second it asks `/api/version`, and when the ledger changed
/// (an editor's save, `htl log`, a `git pull`) it fetches the page again
/// and swaps in its content, keeping the log form as it is being typed.
enum LiveScript {
    static let source = """
        "use strict";
        (function () {
          var version = null;
          function swap(html) {
            var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("main");
            var main = document.querySelector("main");
            if (!fresh || !main) { return; }
            var form = main.querySelector("section.log");
            var nodes = Array.prototype.map.call(fresh.children, function (node) {
              return form && node.matches("section.log") ? form : document.importNode(node, true);
            });
            main.replaceChildren.apply(main, nodes);
          }
          function refresh() {
            var url = location.pathname + location.search.replace(/[?&]logged=[^&]*/, "");
            fetch(url, {credentials: "same-origin", cache: "no-store"})
              .then(function (r) { return r.ok ? r.text() : null; })
              .then(function (html) { if (html) { swap(html); } })
              .catch(function () {});
          }
          function poll() {
            fetch("/api/version", {credentials: "same-origin", cache: "no-store"})
              .then(function (r) { return r.ok ? r.text() : null; })
              .then(function (v) {
                if (v !== null && version !== null && v !== version) { refresh(); }
                if (v !== null) { version = v; }
              })
              .catch(function () {})
              .then(function () { setTimeout(poll, 1000); });
          }
          poll();
        })();

        """
}
