/// The pages' one script, an enhancement only (every page works without
/// it): once a second it asks `/api/version`, and when the ledger changed
/// (an editor's save, `htl log`, a `git pull`) it fetches the page again
/// and swaps in its content, keeping the log form as it is being typed;
/// and it offers completions of the word typed in the log field.
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

          // Completion in "Log an action": the word being typed (+goal, #tag, 6k) as buttons that finish it.
          var field = document.getElementById("log-line");
          var box = document.getElementById("log-suggestions");
          function lastWord() { var m = field.value.match(/(\\S*)$/); return m ? m[1] : ""; }
          function offer(words) {
            box.replaceChildren.apply(box, words.map(function (w) {
              var b = document.createElement("button");
              b.type = "button";
              b.className = "pill";
              b.textContent = w;
              b.addEventListener("click", function () {
                field.value = field.value.slice(0, field.value.length - lastWord().length) + w + " ";
                box.replaceChildren();
                field.focus();
              });
              return b;
            }));
          }
          if (field && box) {
            field.addEventListener("input", function () {
              var word = lastWord();
              if (!/^([+#]|[0-9])/.test(word)) { box.replaceChildren(); return; }
              fetch("/api/complete?word=" + encodeURIComponent(word), {credentials: "same-origin", cache: "no-store"})
                .then(function (r) { return r.ok ? r.json() : []; })
                .then(function (words) { if (lastWord() === word) { offer(words); } })
                .catch(function () {});
            });
          }
        })();

        """
}
