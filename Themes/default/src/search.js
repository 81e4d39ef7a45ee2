// Search: a dialog opened from the header's Search link or with Ctrl-K / ⌘-K (and the search
// page's own form). It reads the index the build writes under search/ (index.json, terms/KEY.json,
// text/N.json) with the build's rules for words: letters, marks and digits, split as
// Intl.Segmenter splits them, folded (case, compatibility forms, diacritics), and English words
// stemmed with Snowball's English (Porter2) stemmer, as libstemmer does at build time.
(function (root) {
  "use strict";

  // Snowball 2.2's English stemmer, for words of lowercase a-z (shorter than 3: unchanged).
  var stem = (function () {
    var special = { skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl", gently: "gentl",
      ugly: "ugli", early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe",
      atlas: "atlas", cosmos: "cosmos", bias: "bias", andes: "andes" };
    var step2 = [["ization", "ize"], ["ational", "ate"], ["fulness", "ful"], ["ousness", "ous"], ["iveness", "ive"],
      ["tional", "tion"], ["biliti", "ble"], ["lessli", "less"], ["entli", "ent"], ["ation", "ate"], ["alism", "al"],
      ["aliti", "al"], ["ousli", "ous"], ["iviti", "ive"], ["fulli", "ful"], ["enci", "ence"], ["anci", "ance"],
      ["abli", "able"], ["izer", "ize"], ["ator", "ate"], ["alli", "al"], ["bli", "ble"], ["ogi", "og"], ["li", ""]];
    var step3 = [["ational", "ate"], ["tional", "tion"], ["alize", "al"], ["icate", "ic"], ["iciti", "ic"],
      ["ative", ""], ["ical", "ic"], ["ness", ""], ["ful", ""]];
    var step4 = ["ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive",
      "ize", "ion", "al", "er", "ic"];
    function vowel(c) { return "aeiouy".indexOf(c) >= 0 && c !== ""; }
    function ends(w, s) { return w.slice(-s.length) === s; }
    function vowelBefore(w, end) { for (var i = 0; i < end; i++) if (vowel(w[i])) return true; return false; }
    // A short syllable ends at `end`: non-vowel (not w, x, Y) after a vowel after a non-vowel,
    // or a non-vowel after a vowel that starts the word.
    function short(w, end) {
      var last = w[end - 1];
      if (end < 2 || vowel(last) || !vowel(w[end - 2])) return false;
      return end === 2 || (!vowel(w[end - 3]) && "wxY".indexOf(last) < 0);
    }
    return function (word) {
      if (special.hasOwnProperty(word)) return special[word];
      if (word.length < 3) return word;
      var w = word, y = false, i, j, at, m;
      for (i = 0; i < w.length; i++) {
        if (w[i] === "y" && (i === 0 || vowel(w[i - 1]))) { w = w.slice(0, i) + "Y" + w.slice(i + 1); y = true; }
      }
      var p1 = w.length, p2 = w.length;
      m = /^(?:gener|commun|arsen)/.exec(w);
      if (m) p1 = m[0].length;
      else for (j = 1; j < w.length; j++) if (!vowel(w[j]) && vowel(w[j - 1])) { p1 = j + 1; break; }
      for (j = p1 + 1; j < w.length; j++) if (!vowel(w[j]) && vowel(w[j - 1])) { p2 = j + 1; break; }
      if (ends(w, "sses")) w = w.slice(0, -2);
      else if (ends(w, "ied") || ends(w, "ies")) w = w.slice(0, -3) + (w.length > 4 ? "i" : "ie");
      else if (!ends(w, "us") && !ends(w, "ss") && ends(w, "s") && vowelBefore(w, w.length - 2)) w = w.slice(0, -1);
      if (/^(?:succeed|proceed|exceed|canning|inning|earring|herring|outing)$/.test(w)) return y ? w.replace(/Y/g, "y") : w;
      m = /(?:eedly|ingly|edly|eed|ing|ed)$/.exec(w);
      if (m) {
        at = w.length - m[0].length;
        if (m[0] === "eed" || m[0] === "eedly") { if (at >= p1) w = w.slice(0, at) + "ee"; }
        else if (vowelBefore(w, at)) {
          w = w.slice(0, at);
          if (/(?:at|bl|iz)$/.test(w)) w += "e";
          else if (/(?:bb|dd|ff|gg|mm|nn|pp|rr|tt)$/.test(w)) w = w.slice(0, -1);
          else if (p1 >= w.length && short(w, w.length)) w += "e";
        }
      }
      if (/[yY]$/.test(w) && w.length > 2 && !vowel(w[w.length - 2])) w = w.slice(0, -1) + "i";
      for (j = 0; j < step2.length; j++) {
        if (!ends(w, step2[j][0])) continue;
        at = w.length - step2[j][0].length;
        if (at >= p1) {
          if (step2[j][0] === "ogi") { if (w[at - 1] === "l") w = w.slice(0, at) + "og"; }
          else if (step2[j][0] === "li") { if (at > 0 && "cdeghkmnrt".indexOf(w[at - 1]) >= 0) w = w.slice(0, at); }
          else w = w.slice(0, at) + step2[j][1];
        }
        break;
      }
      for (j = 0; j < step3.length; j++) {
        if (!ends(w, step3[j][0])) continue;
        at = w.length - step3[j][0].length;
        if (at >= p1 && (step3[j][0] !== "ative" || at >= p2)) w = w.slice(0, at) + step3[j][1];
        break;
      }
      for (j = 0; j < step4.length; j++) {
        if (!ends(w, step4[j])) continue;
        at = w.length - step4[j].length;
        if (at >= p2 && (step4[j] !== "ion" || /[st]/.test(w[at - 1] || ""))) w = w.slice(0, at);
        break;
      }
      at = w.length - 1;
      if (w[at] === "e") { if (at >= p2 || (at >= p1 && !short(w, at))) w = w.slice(0, at); }
      else if (w[at] === "l" && at >= p2 && w[at - 1] === "l") w = w.slice(0, at);
      return y ? w.replace(/Y/g, "y") : w;
    };
  })();

  var spelt = { "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "œ": "oe", "æ": "ae", "\u03c2": "\u03c3" };
  // Only a word's first 256 characters (code points), as the build keeps them (SearchFolding.longestWord).
  function fold(word) {
    if (word.length > 256) word = Array.from(word).slice(0, 256).join("");
    return word.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[øłđßœæ\u03c2]/g, function (c) { return spelt[c]; }).normalize("NFC");
  }

  var segmenter = typeof Intl === "object" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "word" }) : null;

  // The words of `text`: { word (folded), start, end } (offsets into `text`).
  function words(text) {
    var out = [];
    // Every segment: not only those marked word-like, which some engines leave numbers out of.
    var pieces = segmenter ? segmenter.segment(text) : [{ segment: text, index: 0 }];
    for (var piece of pieces) {
      var run = /[\p{L}\p{M}\p{N}]+/gu, found;
      while ((found = run.exec(piece.segment))) {
        // A possessive's "s" ("garden's") is no word, as the build leaves it out (SearchFolding.isPossessive).
        if ((found[0] === "s" || found[0] === "S") && /[\p{L}\p{M}\p{N}]['\u2019]$/u.test(piece.segment.slice(0, found.index))) continue;
        // A lone combining mark folds to nothing: no word.
        var word = fold(found[0]);
        if (word) out.push({ word: word, start: piece.index + found.index, end: piece.index + found.index + found[0].length });
      }
    }
    return out;
  }

  function shardOf(term) {
    var code = term.codePointAt(0);
    return /^[0-9a-z]/.test(term) ? term[0] : "x" + (code % 16).toString(16);
  }

  var digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  // A term's postings (see Postings.swift): [page, weight, page, weight, ...].
  function postings(text) {
    var out = [], page = 0, i = 0;
    while (i < text.length) {
      var gap = 0, shift = 0, value;
      while ((value = digits.indexOf(text[i++])) >= 32) { gap += (value - 32) * Math.pow(2, shift); shift += 5; }
      page += gap + value * Math.pow(2, shift);
      out.push(page, digits.indexOf(text[i++]));
    }
    return out;
  }

  function Index(url) {
    var base = url.replace(/[^/]*$/, ""), files = {};
    function get(path) {
      if (!files[path]) {
        files[path] = fetch(base + path).then(function (response) {
          if (!response.ok) throw new Error(path + ": " + response.status);
          return response.json();
        });
        files[path].catch(function () { delete files[path]; });
      }
      return files[path];
    }
    this.meta = function () { return get("index.json"); };
    this.terms = function (key) { return get("terms/" + key + ".json"); };
    // Page `page`'s summary and sections ([summary, [heading, anchor, text], ...]), from the text
    // file that holds it (`starts`: each file's first page).
    this.text = function (page, starts) {
      var low = 0, high = starts.length - 1;
      while (low < high) {
        var middle = (low + high + 1) >> 1;
        if (starts[middle] <= page) low = middle; else high = middle - 1;
      }
      return get("text/" + low + ".json").then(function (pages) { return pages[page - starts[low]]; });
    };
  }

  // The first entry of the sorted list `list` ([key, value, ...]) not before `key`.
  function bisect(list, key) {
    var low = 0, high = list.length / 2;
    while (low < high) {
      var middle = (low + high) >> 1;
      if (list[2 * middle] < key) low = middle + 1; else high = middle;
    }
    return low;
  }

  // The terms of `list` whose key begins with `prefix`, by entry number: a word whose value is
  // "=STEM" (a word the index keeps only as its stem) stands for its stem's entry.
  function prefixed(list, prefix) {
    var out = [];
    for (var i = bisect(list, prefix); i < list.length / 2 && list[2 * i].lastIndexOf(prefix, 0) === 0; i++) {
      var term = i, value = list[2 * i + 1];
      if (value[0] === "=") {
        term = bisect(list, value.slice(1));
        if (list[2 * term] !== value.slice(1)) continue;
      }
      if (out.indexOf(term) < 0) out.push(term);
    }
    return out;
  }

  // Whether a query word is matched by itself only: a single letter or digit of ASCII.
  function alone(word) { return /^[a-z0-9]$/.test(word); }

  // Scripts written without spaces between words, whose pieces of a word typed in part are joined.
  var joined = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+$/u;

  // Pages that match every word of `query`, best first: { page, title, heading, text } counts of
  // the words found in the title, a heading or tag, the text; BM25 over the text for the rest.
  function search(index, query) {
    var parts = words(query);
    if (!parts.length) return Promise.resolve({ results: [], terms: [] });
    return index.meta().then(function (meta) {
      var english = meta.stem === "english";
      function formOf(word) { return english && /^[a-z]+$/.test(word) ? stem(word) : word; }
      return Promise.all(parts.map(function (part) { return index.terms(shardOf(formOf(part.word))); })).then(function (partLists) {
        // A word of Chinese or Japanese typed in part splits into pieces (新幹 into 新 and 幹): a
        // piece goes with the one it follows when some term begins with the two as one word.
        var merged = [];
        parts.forEach(function (part, n) {
          var last = merged[merged.length - 1];
          if (last && last.end === part.start && joined.test(last.word) && joined.test(part.word) && prefixed(last.list, last.word + part.word).length) {
            last.word += part.word;
            last.end = part.end;
          } else {
            merged.push({ word: part.word, end: part.end, list: partLists[n] });
          }
        });
        var asked = [], lists = [], seen = {};
        merged.forEach(function (m) { if (!seen[m.word]) { seen[m.word] = true; asked.push(m.word); lists.push(m.list); } });
        var forms = asked.map(formOf);
        var pages = meta.pages, total = pages.length, average = 0, matched = [], scores = null;
        pages.forEach(function (page) { average += page[3]; });
        average = average / Math.max(total, 1) || 1;
        forms.forEach(function (form, n) {
          // The terms and words that begin with what was typed (a word kept as its stem stands
          // for it), and the typed word's stem itself: not every term that begins with the stem,
          // which for a word typed in part ("kindli", stem "kind") would be other words.
          var list = lists[n], found = prefixed(list, asked[n]);
          var stemmed = bisect(list, form);
          if (list[2 * stemmed] === form) {
            var value = list[2 * stemmed + 1];
            if (value[0] === "=") stemmed = bisect(list, value.slice(1));
            if (found.indexOf(stemmed) < 0) found.unshift(stemmed);
          }
          // A single ASCII letter or digit matches itself only. Of a long list of prefixed terms,
          // the 64 shortest count wherever they are, the others only in a title or a heading: a
          // title that begins with what was typed is never lost to shorter words of the text.
          if (alone(asked[n])) found = found.filter(function (i) { return list[2 * i] === form; });
          found.sort(function (a, b) { return list[2 * a].length - list[2 * b].length; });
          var byPage = {};
          found.forEach(function (i, rank) {
            var term = list[2 * i], posted = postings(list[2 * i + 1]), frequency = posted.length / 2;
            var idf = Math.log(1 + (total - frequency + 0.5) / (frequency + 0.5)), exact = term === form ? 1 : 0.7;
            var used = false;
            for (var k = 0; k < posted.length; k += 2) {
              var page = posted[k], weight = posted[k + 1], count = weight & 15;
              if (rank >= 64) {
                if (!(weight & 48)) continue;
                count = 0;
              }
              used = true;
              var length = pages[page] ? pages[page][3] : average;
              var score = exact * idf * (count * 2.2) / (count + 1.2 * (0.25 + 0.75 * length / average));
              var best = byPage[page] || (byPage[page] = { score: 0, title: 0, heading: 0, text: 0 });
              best.score = Math.max(best.score, score + exact * idf * ((weight & 32 ? 3 : 0) + (weight & 16 ? 1 : 0)));
              if (weight & 32) best.title = 1;
              if (weight & 16) best.heading = 1;
              if (count) best.text = 1;
            }
            if (used) matched.push(term);
          });
          if (!scores) { scores = byPage; return; }
          var kept = {};
          for (var page in scores) {
            var more = byPage[page];
            if (!more) continue;
            var was = scores[page];
            kept[page] = { score: was.score + more.score, title: was.title + more.title, heading: was.heading + more.heading, text: was.text + more.text };
          }
          scores = kept;
        });
        var results = Object.keys(scores).map(function (page) {
          var result = scores[page];
          result.page = +page;
          return result;
        });
        results.sort(function (a, b) { return b.title - a.title || b.heading - a.heading || b.score - a.score || a.page - b.page; });
        return { results: results, terms: matched, asked: asked, english: english, meta: meta };
      });
    });
  }

  // Whether the folded word `word` is one the query matched.
  function matches(found, word) {
    var term = found.english && /^[a-z]+$/.test(word) ? stem(word) : word;
    return found.terms.indexOf(term) >= 0 || found.asked.some(function (asked) { return !alone(asked) && word.lastIndexOf(asked, 0) === 0; });
  }

  // `text` into `into`, the words the query matched in <mark>.
  function marked(into, text, found) {
    var at = 0;
    words(text).forEach(function (w) {
      if (!matches(found, w.word)) return;
      into.append(text.slice(at, w.start));
      var mark = document.createElement("mark");
      mark.textContent = text.slice(w.start, w.end);
      into.append(mark);
      at = w.end;
    });
    into.append(text.slice(at));
  }

  // The passage of `sections` ([heading, anchor, text]) where most of the query's words are:
  // { heading, anchor, text } with the text cut to about 180 characters around the first.
  function passage(sections, found) {
    var best = null;
    (sections || []).forEach(function (section, order) {
      var hits = words(section[2]).filter(function (w) { return matches(found, w.word); });
      var inHeading = words(section[0]).some(function (w) { return matches(found, w.word); });
      var score = new Set(hits.map(function (w) { return w.word; })).size * 2 + (inHeading ? 1 : 0);
      if (!best || score > best.score) best = { score: score, section: section, first: hits.length ? hits[0].start : 0, order: order };
    });
    if (!best) return null;
    // From a space before the first match (or 60 characters before it, in text without spaces),
    // about 180 characters, to a space if there is one.
    var text = best.section[2], start = Math.max(0, best.first - 60);
    if (start > 0) {
      var space = text.indexOf(" ", start);
      if (space >= 0 && space < best.first) start = space + 1;
    }
    var end = Math.min(text.length, start + 180);
    if (end < text.length && text.lastIndexOf(" ", end) > best.first) end = text.lastIndexOf(" ", end);
    // Neither end between the halves of a character past U+FFFF (an emoji).
    if (start > 0 && /[\uDC00-\uDFFF]/.test(text.charAt(start))) start += 1;
    if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    return {
      heading: best.section[0], anchor: best.section[1],
      text: (start > 0 ? "…" : "") + text.slice(start, end) + (end < text.length ? "…" : "")
    };
  }

  function folderPath(meta, folder) {
    var names = [];
    for (var at = folder; at >= 0 && meta.folders[at]; at = meta.folders[at][2]) names.unshift(meta.folders[at][0]);
    return names.join(" › ");
  }

  function urlOf(meta, page) {
    var url = page[1];
    return page[2] >= 0 && url[0] !== "/" && !/^[a-z][a-z0-9+.-]*:/i.test(url) ? meta.folders[page[2]][1] + url : url;
  }

  // How many results a box shows at first, and how many more each "Show more" adds.
  var shown = 20;

  // A search box: `input`, the `list` its results go in, the `status` that counts them;
  // `leaving`, called before a result is opened. Past the results shown, a box in a dialog
  // (with `leaving`) links to the search page's full list, and the search page shows more.
  function attach(index, input, list, status, leaving) {
    var asked = 0, active = -1, limit = shown, asking = "";
    var more = document.createElement(leaving ? "a" : "button");
    more.className = "search-more";
    more.hidden = true;
    if (!leaving) {
      more.type = "button";
      more.addEventListener("click", function () { limit += shown; show(asking, true); });
    } else {
      more.addEventListener("click", function () { leaving(); });
    }
    list.after(more);
    function select(position, still) {
      var items = list.querySelectorAll("[role=option]");
      if (!items.length) return;
      active = (position + items.length) % items.length;
      items.forEach(function (item, n) { item.setAttribute("aria-selected", n === active ? "true" : "false"); });
      input.setAttribute("aria-activedescendant", items[active].id);
      if (!still) items[active].scrollIntoView({ block: "nearest" });
    }
    function show(query, keepLimit) {
      var ticket = ++asked;
      if (!keepLimit) limit = shown;
      asking = query;
      search(index, query).then(function (found) {
        if (ticket !== asked) return;
        // Showing more keeps the results shown and the one selected; they are drawn again.
        var focused = keepLimit ? active : -1;
        list.textContent = "";
        active = -1;
        // The button keeps the focus while it stays: hidden, even for a moment, it would lose it.
        var wasFocused = document.activeElement === more;
        if (!keepLimit) more.hidden = true;
        input.removeAttribute("aria-activedescendant");
        input.setAttribute("aria-expanded", found.results.length ? "true" : "false");
        if (!query.trim()) { status.textContent = ""; return; }
        var count = found.results.length;
        status.textContent = count === 0 ? "No note matches." : count === 1 ? "1 result" : count > limit ? count + " results, the first " + limit + " shown" : count + " results";
        more.hidden = !(count > limit);
        // Every result shown: the focus goes on to the last of them.
        if (wasFocused && more.hidden) setTimeout(function () { var last = list.querySelector("[role=option]:last-child a"); if (last) { last.tabIndex = 0; last.focus(); } });
        if (count > limit) {
          if (leaving) {
            more.textContent = "All " + count + " results";
            more.href = (input.form && input.form.getAttribute("action") || "") + "?q=" + encodeURIComponent(query);
          } else {
            more.textContent = "Show " + Math.min(shown, count - limit) + " more";
          }
        }
        var starts = found.meta ? found.meta.textFiles : [0], snippets = [];
        found.results.slice(0, limit).forEach(function (result, n) {
          var page = found.meta.pages[result.page], url = urlOf(found.meta, page);
          var item = document.createElement("li"), link = document.createElement("a");
          item.id = list.id + "-" + n;
          item.setAttribute("role", "option");
          item.setAttribute("aria-selected", "false");
          link.href = url;
          link.tabIndex = -1;
          var title = document.createElement("span");
          title.className = "search-title";
          marked(title, page[0], found);
          link.append(title);
          var where = folderPath(found.meta, page[2]);
          if (where) {
            var path = document.createElement("span");
            path.className = "search-path";
            path.textContent = where;
            link.append(path);
          }
          var snippet = document.createElement("span");
          snippet.className = "search-snippet";
          link.append(snippet);
          item.append(link);
          list.append(item);
          snippets.push(function () { index.text(result.page, starts).then(function (sections) {
            if (ticket !== asked) return;
            var best = passage(sections.slice(1), found);
            if (!best) return;
            if (best.heading && best.heading !== page[0]) {
              var heading = document.createElement("span");
              heading.className = "search-heading";
              marked(heading, best.heading, found);
              // A heading with no text under it is the passage alone: no dash before nothing.
              snippet.append(heading);
              if (/\S/.test(best.text)) snippet.append(" — ");
            }
            marked(snippet, best.text, found);
            // A page whose title holds every word asked opens at its top, as a title hit does
            // elsewhere; any other at the section the passage is from.
            if (best.anchor && result.title < found.asked.length) link.href = url + "#" + encodeURIComponent(best.anchor);
          }).catch(function () {}); });
        });
        // The passages' files are loaded once typing pauses, for the query still asked: each
        // keystroke's results asked for theirs, a fifth of a large site's text for four words.
        setTimeout(function () { if (ticket === asked) snippets.forEach(function (load) { load(); }); }, keepLimit ? 0 : 150);
        if (focused >= 0) select(focused, true);
      }).catch(function () {
        if (ticket === asked) status.textContent = "The search index could not be loaded.";
      });
    }
    input.addEventListener("input", function () { show(input.value); });
    list.addEventListener("click", function (event) {
      // A result opened in another tab or window leaves this page as it is.
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      if (event.target.closest && event.target.closest("a") && leaving) leaving();
    });
    input.addEventListener("keydown", function (event) {
      // Keys that confirm what an input method is composing are the method's.
      if (event.isComposing || event.keyCode === 229) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        select(active + (event.key === "ArrowDown" ? 1 : -1));
      } else if (event.key === "Enter") {
        // On the search page Enter searches, as its button does, unless a result was chosen
        // with the arrows; in the dialog it opens the chosen result, or the first.
        if (!leaving && active < 0) return;
        var items = list.querySelectorAll("[role=option] a");
        event.preventDefault();
        if (items.length) {
          if (leaving) leaving();
          location.href = items[Math.max(active, 0)].href;
        }
      }
    });
    return show;
  }

  // Previews of internal links, on hover and on keyboard focus: the page's folder, title and
  // summary (or the section a link's heading names) from the search's files, in a copy of the
  // page's <template id="link-preview">.
  function previews(index, template) {
    var pages = null, shown = null, timer = 0, leaving = 0, count = 0;
    function byURL(meta) {
      if (!pages) {
        pages = new Map();
        // By the path as a link's address gives it: percent-encoded (`/caf%C3%A9/` for `/café/`).
        meta.pages.forEach(function (page, number) { pages.set(new URL(urlOf(meta, page), location.href).pathname, number); });
      }
      return pages;
    }
    function hide() {
      clearTimeout(timer);
      clearTimeout(leaving);
      if (!shown) return;
      shown.link.removeAttribute("aria-describedby");
      shown.box.remove();
      shown = null;
    }
    function show(link) {
      // Another link's preview goes at once, whether or not this one has any.
      if (shown && shown.link !== link) hide();
      var url = new URL(link.href, location.href);
      if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
      index.meta().then(function (meta) {
        var page = byURL(meta).get(url.pathname);
        if (page === undefined || url.pathname === location.pathname) return;
        return index.text(page, meta.textFiles).then(function (entry) {
          if (!link.matches(":hover") && document.activeElement !== link) return;
          hide();
          var box = template.content.firstElementChild.cloneNode(true);
          box.id = "link-preview-" + ++count;
          var parts = { ".link-preview-path": folderPath(meta, meta.pages[page][2]), ".link-preview-title": meta.pages[page][0], ".link-preview-text": section(entry, url.hash) || entry[0] };
          for (var selector in parts) {
            var part = box.querySelector(selector);
            if (part) { part.textContent = parts[selector]; part.hidden = !parts[selector]; }
          }
          document.body.append(box);
          var at = link.getBoundingClientRect(), height = box.offsetHeight;
          var below = at.bottom + 8 + height < innerHeight || at.top < height + 8;
          box.style.left = Math.max(8, Math.min(at.left, innerWidth - box.offsetWidth - 8)) + scrollX + "px";
          box.style.top = (below ? at.bottom + 8 : at.top - height - 8) + scrollY + "px";
          link.setAttribute("aria-describedby", box.id);
          shown = { link: link, box: box };
        });
      }).catch(function () {});
    }
    // A link to a heading of the page shows that section: its heading and the start of its
    // text, cut as a result's passage is; the page's summary for its top or a block (`#^id`).
    function section(entry, hash) {
      var anchor;
      try { anchor = decodeURIComponent(hash.slice(1)); } catch (error) { return null; }
      var found = anchor && entry.slice(1).find(function (part) { return part[1] === anchor; });
      if (!found) return null;
      var text = found[2], end = Math.min(text.length, 180);
      if (end < text.length && text.lastIndexOf(" ", end) > 0) end = text.lastIndexOf(" ", end);
      // Not between the halves of a character past U+FFFF (an emoji).
      if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
      return text ? found[0] + " — " + text.slice(0, end) + (end < text.length ? "…" : "") : found[0];
    }
    function target(event) {
      var link = event.target.closest && event.target.closest("main a[href]");
      return link && !link.closest(".search-results, .link-preview") ? link : null;
    }
    // Whether `node` is the shown preview or its link, or inside either.
    function onShown(node) {
      return Boolean(shown && node && (shown.box.contains(node) || shown.link.contains(node)));
    }
    document.addEventListener("pointerover", function (event) {
      // Back on the preview or its link: it stays.
      if (onShown(event.target)) return clearTimeout(leaving);
      var link = target(event);
      if (!link || event.pointerType === "touch") return;
      clearTimeout(timer);
      timer = setTimeout(function () { show(link); }, 300);
    });
    // A preview stays while the pointer is on it or its link, and a moment as it crosses the gap
    // between them, so that it can be read and its text selected (WCAG's content on hover).
    document.addEventListener("pointerout", function (event) {
      var link = target(event), to = event.relatedTarget;
      if (!link && !onShown(event.target)) return;
      // Within one link (onto a word of it in `<code>`, say), nothing changes.
      if (link && to && link.contains(to)) return;
      if (!shown) return hide();
      if (onShown(to)) return;
      clearTimeout(leaving);
      leaving = setTimeout(hide, 250);
    });
    document.addEventListener("focusin", function (event) {
      var link = target(event);
      if (link && link.matches(":focus-visible")) show(link); else hide();
    });
    // The focus going anywhere else (a click on the page's margin, where no element takes it)
    // takes the preview it opened, unless the pointer is on its link.
    document.addEventListener("focusout", function (event) {
      if (shown && event.target === shown.link && !shown.link.matches(":hover")) hide();
    });
    document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
  }

  root.notebookSearch = { stem: stem, fold: fold, words: words, shardOf: shardOf, postings: postings };
  if (typeof document === "undefined") return;

  // Both parts read the same files: the search box (and search page) and the link previews,
  // each of which a site may leave out by overriding its partial.
  var box = document.querySelector(".search-box"), preview = document.getElementById("link-preview");
  var page = document.querySelector(".search-page");
  var source = [box, preview, page].find(function (part) { return part && part.getAttribute("data-index"); });
  if (!source) return;
  var index = new Index(source.getAttribute("data-index"));
  // For tests and benchmarks: the results of `query`, as the boxes rank them.
  root.notebookSearch.search = function (query) { return search(index, query); };
  if (preview && preview.content && preview.content.firstElementChild) previews(index, preview);

  // The search page: its own form, and the query from its address (whether or not the site's
  // templates keep the search box).
  if (page) {
    var pageInput = page.querySelector("input"), pageStatus = page.querySelector("[role=status]");
    // The status says what to do without JavaScript until the script runs, and the form, which
    // does nothing without it, shows only then.
    pageStatus.textContent = "";
    page.querySelector("form").hidden = false;
    var showPage = attach(index, pageInput, page.querySelector("[role=listbox]"), pageStatus);
    // The query asked is kept in the page's address (?q=…), to share, reload or come back to.
    var keep = 0;
    function remember() {
      var address = new URL(location.href);
      if (pageInput.value.trim()) address.searchParams.set("q", pageInput.value); else address.searchParams.delete("q");
      if (address.href !== location.href) history.replaceState(history.state, "", address.href);
    }
    pageInput.addEventListener("input", function () { clearTimeout(keep); keep = setTimeout(remember, 300); });
    page.querySelector("form").addEventListener("submit", function (event) {
      event.preventDefault();
      showPage(pageInput.value);
      clearTimeout(keep);
      remember();
    });
    var query = new URLSearchParams(location.search).get("q");
    if (query) { pageInput.value = query; showPage(query); }
  }
  if (!box) return;

  var dialog = box.querySelector("dialog"), open = box.querySelector(".search-open");
  if (!dialog || !open || typeof dialog.showModal !== "function") return;
  var input = dialog.querySelector("input");
  // A result on this very page only scrolls: the dialog closes first.
  attach(index, input, dialog.querySelector("[role=listbox]"), dialog.querySelector("[role=status]"), function () { dialog.close(); });
  var mac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  var key = open.querySelector("kbd");
  if (key) { key.textContent = mac ? "⌘K" : "Ctrl K"; key.hidden = false; }
  open.setAttribute("aria-keyshortcuts", mac ? "Meta+K" : "Control+K");
  function show() {
    if (dialog.open) return;
    dialog.showModal();
    input.select();
    index.meta().catch(function () {});
  }
  open.addEventListener("click", function (event) { event.preventDefault(); show(); });
  // Escape closes the dialog at once (in a search field it would first clear the text).
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape") { event.preventDefault(); dialog.close(); }
  });
  // A click on the backdrop closes the dialog: pressed and released outside its box.
  function outside(event) {
    var box = dialog.getBoundingClientRect();
    return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
  }
  var pressedOutside = false;
  dialog.addEventListener("pointerdown", function (event) { pressedOutside = event.target === dialog && outside(event); });
  dialog.addEventListener("click", function (event) {
    if (pressedOutside && event.target === dialog && outside(event)) dialog.close();
    pressedOutside = false;
  });
  dialog.querySelector("form").addEventListener("submit", function (event) { event.preventDefault(); });
  var close = dialog.querySelector(".search-close");
  if (close) close.addEventListener("click", function () { dialog.close(); });
  document.addEventListener("keydown", function (event) {
    // K, or on a layout whose keys write no Latin letters, the key where K is.
    var key = (event.key || "").toLowerCase();
    if ((key === "k" || (!/^[a-z]$/.test(key) && event.code === "KeyK")) && (event.metaKey || event.ctrlKey) && !event.altKey) {
      event.preventDefault();
      if (dialog.open) dialog.close(); else show();
    }
  });
})(this);
