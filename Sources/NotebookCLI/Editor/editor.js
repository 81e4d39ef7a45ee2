// The note editor of `notebook serve --edit`: its own model of the note's blocks (each a list of
// characters with their formatting), drawn into one contenteditable element, changed only by this
// script (every input is taken over in beforeinput), saved as the pieces the server reads.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('notebook-document').textContent);
  var token = document.querySelector('meta[name="notebook-token"]').getAttribute('content');
  var root = document.getElementById('editor');
  var bar = document.getElementById('bar');
  var statusBox = document.getElementById('status');
  var wordsBox = document.getElementById('words');
  var saveButton = document.getElementById('save');
  var storageKey = 'notebook-edit:' + location.pathname;
  var offered = data.definition || {};

  // ---- The model -------------------------------------------------------------------------
  // A block: {id, kind, level, nested, label, chars}; a char: {t, a, o} for text (t one code
  // point, a its attributes, o the piece it came from), {br, o} for a break, {op} for a
  // placeholder. Attribute objects are never changed once made.
  var blocks = [];
  var opaque = [];
  var baseHash = '';
  var fixedWords = 0;
  var readOnly = false;
  var dirty = false;
  var pending = null; // the attributes of what is typed next, set by the bar with no selection
  var undoStack = [];
  var redoStack = [];
  var lastTyping = 0;
  var saving = false;

  var TEXT_KEYS = ['bold', 'italic', 'underline', 'strikethrough', 'highlight', 'color', 'textStyle', 'scale', 'link', 'linkTitle', 'code'];

  function attrsOf(piece) {
    var a = {};
    TEXT_KEYS.forEach(function (key) { if (piece[key] !== undefined && piece[key] !== null) a[key] = piece[key]; });
    return a;
  }

  function keyOf(a) {
    return TEXT_KEYS.map(function (key) { return a[key] === undefined ? '' : String(a[key]); }).join('|');
  }

  function load(document) {
    blocks = document.blocks.map(function (block, index) {
      var chars = [];
      (block.pieces || []).forEach(function (piece, number) {
        if (piece.br) chars.push({ br: piece.br, o: number });
        else if (piece.opaque !== undefined) chars.push({ op: piece.opaque });
        else {
          var a = attrsOf(piece);
          Array.from(piece.text).forEach(function (t) { chars.push({ t: t, a: a, o: number }); });
        }
      });
      return { id: block.id === undefined ? index : block.id, kind: block.kind, level: block.level || 0,
        nested: !!block.nested, label: block.label || '', chars: chars };
    });
    opaque = document.opaque || [];
    baseHash = document.hash;
    fixedWords = document.fixedWords || 0;
  }

  function editable(block) { return block && block.kind !== 'fixed'; }

  // The blocks as the server reads them: each piece a run of characters from one piece of the
  // note in one formatting.
  function wireBlocks() {
    return blocks.map(function (block) {
      if (!editable(block)) return { id: block.id };
      var pieces = [];
      var run = null;
      block.chars.forEach(function (c) {
        if (c.t !== undefined) {
          if (run && run.key === keyOf(c.a) && run.o === c.o) { run.piece.text += c.t; return; }
          var piece = { text: c.t };
          Object.keys(c.a).forEach(function (key) { piece[key] = c.a[key]; });
          run = { key: keyOf(c.a), o: c.o, piece: piece };
          pieces.push(piece);
          return;
        }
        run = null;
        pieces.push(c.br ? { br: c.br } : { opaque: c.op });
      });
      var out = { pieces: pieces };
      if (block.id !== null) out.id = block.id;
      return out;
    });
  }

  // ---- Drawing ---------------------------------------------------------------------------
  function classesOf(a) {
    var names = [];
    if (a.bold) names.push('nb-bold');
    if (a.italic) names.push('nb-italic');
    if (a.underline) names.push('nb-underline');
    if (a.strikethrough) names.push('nb-strike');
    if (a.code) names.push('nb-code');
    if (a.link) names.push('nb-link');
    if (a.highlight) names.push('nb-hl', 'nb-hl-' + (/^[a-z]+$/.test(a.highlight) ? a.highlight : 'custom'));
    if (a.color && /^[a-z]+$/.test(a.color)) names.push('nb-color-' + a.color);
    if (a.textStyle) names.push('nb-ts-' + a.textStyle);
    return names.join(' ');
  }

  function drawBlock(index) {
    var block = blocks[index];
    var element;
    if (!editable(block)) {
      element = document.createElement('div');
      element.className = 'nb-fixed';
      element.contentEditable = 'false';
      var pre = document.createElement('pre');
      pre.textContent = block.label;
      element.appendChild(pre);
      element.title = 'Shown as the note writes it; the editor does not change it';
    } else {
      element = document.createElement(block.kind === 'heading' ? 'h' + Math.min(6, Math.max(1, block.level)) : 'p');
      if (block.nested) element.className = 'nb-nested';
      var i = 0;
      var chars = block.chars;
      while (i < chars.length) {
        var c = chars[i];
        if (c.t !== undefined) {
          var key = keyOf(c.a);
          var text = '';
          var count = 0;
          while (i < chars.length && chars[i].t !== undefined && keyOf(chars[i].a) === key) { text += chars[i].t; count += 1; i += 1; }
          var span = document.createElement('span');
          span.className = classesOf(c.a);
          if (c.a.highlight && c.a.highlight.charAt(0) === '#') span.style.backgroundColor = c.a.highlight;
          if (c.a.color && c.a.color.charAt(0) === '#') span.style.color = c.a.color;
          if (c.a.link) span.title = c.a.link;
          span.textContent = text;
          span.setAttribute('data-n', String(count));
          element.appendChild(span);
          continue;
        }
        var unit;
        if (c.br === 'hard') {
          unit = document.createElement('br');
        } else if (c.br === 'soft') {
          unit = document.createElement('span');
          unit.className = 'nb-soft';
          unit.contentEditable = 'false';
          unit.textContent = ' ';
        } else {
          unit = document.createElement('span');
          unit.className = 'nb-opaque';
          unit.contentEditable = 'false';
          unit.textContent = (opaque[c.op] && opaque[c.op].label) || '?';
          unit.title = 'Kept as the note writes it';
        }
        unit.setAttribute('data-n', '1');
        element.appendChild(unit);
        i += 1;
      }
      if (chars.length === 0 || chars[chars.length - 1].br === 'hard') {
        var filler = document.createElement('br');
        filler.setAttribute('data-n', '0');
        element.appendChild(filler);
      }
    }
    element.setAttribute('data-b', String(index));
    return element;
  }

  function drawAll() {
    var fragment = document.createDocumentFragment();
    blocks.forEach(function (_, index) { fragment.appendChild(drawBlock(index)); });
    root.textContent = '';
    root.appendChild(fragment);
  }

  function redraw(index) {
    var old = root.children[index];
    var made = drawBlock(index);
    if (old) root.replaceChild(made, old); else root.appendChild(made);
  }

  // ---- Places: the DOM's and the model's -------------------------------------------------
  function blockElementOf(node) {
    while (node && node !== root) {
      if (node.nodeType === 1 && node.hasAttribute('data-b') && node.parentNode === root) return node;
      node = node.parentNode;
    }
    return null;
  }

  function unitLength(unit) {
    return unit.nodeType === 1 && unit.hasAttribute('data-n') ? Number(unit.getAttribute('data-n')) : 0;
  }

  // The model place {b, o} of a DOM place.
  function modelPlace(node, offset) {
    if (node === root) {
      var child = root.children[Math.min(offset, root.children.length - 1)];
      if (!child) return { b: 0, o: 0 };
      var b = Number(child.getAttribute('data-b'));
      return offset >= root.children.length ? { b: b, o: lengthOf(b) } : { b: b, o: 0 };
    }
    var element = blockElementOf(node);
    if (!element) return null;
    var index = Number(element.getAttribute('data-b'));
    var count = 0;
    var units = element.childNodes;
    for (var k = 0; k < units.length; k++) {
      var unit = units[k];
      if (node === element && k === offset) return { b: index, o: count };
      if (unit === node || unit.contains(node)) {
        var n = unitLength(unit);
        if (unit.classList && (unit.classList.contains('nb-opaque') || unit.classList.contains('nb-soft'))) {
          return { b: index, o: count + (offset > 0 && node !== unit ? n : (node === unit && offset > 0 ? n : 0)) };
        }
        if (node.nodeType === 3) return { b: index, o: count + Array.from(node.data.slice(0, offset)).length };
        return { b: index, o: count + (offset > 0 ? n : 0) };
      }
      count += unitLength(unit);
    }
    return { b: index, o: count };
  }

  function lengthOf(b) { return editable(blocks[b]) ? blocks[b].chars.length : 0; }

  // The DOM place of a model place.
  function domPlace(place) {
    var element = root.children[place.b];
    if (!element) return { node: root, offset: root.children.length };
    var count = 0;
    var units = element.childNodes;
    for (var k = 0; k < units.length; k++) {
      var unit = units[k];
      var n = unitLength(unit);
      if (unit.nodeName === 'SPAN' && !unit.classList.contains('nb-opaque') && !unit.classList.contains('nb-soft') && place.o <= count + n && place.o >= count) {
        if (place.o === count + n && k + 1 < units.length && units[k + 1].nodeName === 'SPAN'
          && !units[k + 1].classList.contains('nb-opaque') && !units[k + 1].classList.contains('nb-soft') && place.o === count + n) {
          // At a boundary between two runs: the end of the first.
        }
        var text = unit.firstChild;
        if (!text) return { node: unit, offset: 0 };
        var points = Array.from(text.data);
        return { node: text, offset: points.slice(0, place.o - count).join('').length };
      }
      if (place.o === count) return { node: element, offset: k };
      count += n;
    }
    // The end: before a filler <br>, if any.
    var last = units.length;
    if (last > 0 && units[last - 1].nodeName === 'BR' && units[last - 1].getAttribute('data-n') === '0') last -= 1;
    return { node: element, offset: last };
  }

  function compare(x, y) { return x.b !== y.b ? x.b - y.b : x.o - y.o; }

  // The selection as model places, start before end; null when it is not in the editor.
  function selection() {
    var s = window.getSelection();
    if (!s || s.rangeCount === 0) return null;
    var range = s.getRangeAt(0);
    if (!root.contains(range.startContainer) && range.startContainer !== root) return null;
    var start = modelPlace(range.startContainer, range.startOffset);
    var end = modelPlace(range.endContainer, range.endOffset);
    if (!start || !end) return null;
    if (compare(start, end) > 0) { var swap = start; start = end; end = swap; }
    return { start: start, end: end };
  }

  function rangeOf(staticRange) {
    var start = modelPlace(staticRange.startContainer, staticRange.startOffset);
    var end = modelPlace(staticRange.endContainer, staticRange.endOffset);
    if (!start || !end) return null;
    if (compare(start, end) > 0) { var swap = start; start = end; end = swap; }
    return { start: start, end: end };
  }

  function select(start, end) {
    var a = domPlace(start);
    var z = domPlace(end || start);
    var range = document.createRange();
    range.setStart(a.node, a.offset);
    range.setEnd(z.node, z.offset);
    var s = window.getSelection();
    s.removeAllRanges();
    s.addRange(range);
  }

  // ---- Changes ---------------------------------------------------------------------------
  function snapshot() {
    return { blocks: blocks.map(function (block) { return Object.assign({}, block, { chars: block.chars.slice() }); }), selection: selection() };
  }

  function remember(kind) {
    var now = Date.now();
    if (kind === 'type' && now - lastTyping < 1000 && undoStack.length) { lastTyping = now; return; }
    lastTyping = kind === 'type' ? now : 0;
    undoStack.push(snapshot());
    if (undoStack.length > 200) undoStack.shift();
    redoStack = [];
  }

  function changed() {
    dirty = true;
    updateWords();
    try {
      localStorage.setItem(storageKey, JSON.stringify({ hash: baseHash, blocks: wireBlocks(), time: Date.now() }));
    } catch (error) { /* a full or forbidden storage only loses the copy */ }
    updateBar();
  }

  // The attributes typing at `place` takes: the character before it, else the one after.
  function attributesAt(place) {
    var chars = editable(blocks[place.b]) ? blocks[place.b].chars : [];
    for (var i = place.o - 1; i >= 0; i--) { if (chars[i].t !== undefined) return chars[i].a; if (chars[i].br) break; }
    for (var j = place.o; j < chars.length; j++) { if (chars[j].t !== undefined) return chars[j].a; if (chars[j].br) break; }
    return {};
  }

  function originAt(place, a) {
    var chars = blocks[place.b].chars;
    var before = chars[place.o - 1];
    if (before && before.t !== undefined && keyOf(before.a) === keyOf(a)) return before.o;
    var after = chars[place.o];
    if (after && after.t !== undefined && keyOf(after.a) === keyOf(a)) return after.o;
    return -1;
  }

  // Removes what lies between start and end; placeholders in it are kept, where it was. Blocks
  // in between go when they are the note's own top-level paragraphs and headings; across a fixed
  // or nested block nothing is removed (null). The place it ends at.
  function removeRange(start, end) {
    if (compare(start, end) === 0) return start;
    var kept = [];
    if (start.b === end.b) {
      var chars = blocks[start.b].chars;
      chars.slice(start.o, end.o).forEach(function (c) { if (c.op !== undefined) kept.push(c); });
      chars.splice.apply(chars, [start.o, end.o - start.o].concat(kept));
      return { b: start.b, o: start.o + kept.length };
    }
    var mergeable = true;
    for (var b = start.b; b <= end.b; b++) {
      if (!editable(blocks[b]) || blocks[b].nested) mergeable = false;
    }
    if (!mergeable) {
      // A fixed block, or one inside a list or a quote or in a JSON note, stays: the blocks on
      // the way are not emptied one by one, which a save would refuse.
      say('A selection across a fixed block, or across blocks inside a list or a quote or in a JSON note, cannot be deleted at once: delete it a block at a time.');
      return null;
    }
    var first = blocks[start.b];
    first.chars.slice(start.o).forEach(function (c) { if (c.op !== undefined) kept.push(c); });
    for (var m = start.b + 1; m < end.b; m++) blocks[m].chars.forEach(function (c) { if (c.op !== undefined) kept.push(c); });
    var last = blocks[end.b];
    last.chars.slice(0, end.o).forEach(function (c) { if (c.op !== undefined) kept.push(c); });
    first.chars = first.chars.slice(0, start.o).concat(kept, last.chars.slice(end.o));
    blocks.splice(start.b + 1, end.b - start.b);
    return { b: start.b, o: start.o + kept.length };
  }

  function insertText(place, text, a) {
    var block = blocks[place.b];
    if (!editable(block)) return place;
    var o = originAt(place, a);
    var made = Array.from(text).map(function (t) { return { t: t, a: a, o: o }; });
    block.chars.splice.apply(block.chars, [place.o, 0].concat(made));
    return { b: place.b, o: place.o + made.length };
  }

  function insertBreak(place, kind) {
    var block = blocks[place.b];
    if (!editable(block)) return place;
    block.chars.splice(place.o, 0, { br: kind, o: -1 });
    return { b: place.b, o: place.o + 1 };
  }

  // Enter: a new paragraph with what follows the place (a line break inside a list or quote).
  function splitAt(place) {
    var block = blocks[place.b];
    if (!editable(block)) return place;
    if (block.nested) return insertBreak(place, 'hard');
    var rest = block.chars.splice(place.o);
    blocks.splice(place.b + 1, 0, { id: null, kind: 'paragraph', level: 0, nested: false, label: '', chars: rest });
    return { b: place.b + 1, o: 0 };
  }

  // Backspace at a block's start, Delete at its end: the two blocks become one, when both are
  // the note's own top-level paragraphs or headings.
  function joinAt(b) {
    var first = blocks[b];
    var second = blocks[b + 1];
    if (!editable(first) || !editable(second) || first.nested || second.nested) {
      say('A fixed block, or a block inside a list or a quote, cannot be joined to another.');
      return null;
    }
    var o = first.chars.length;
    first.chars = first.chars.concat(second.chars);
    blocks.splice(b + 1, 1);
    return { b: b, o: o };
  }

  function previousPlace(place, unit) {
    if (place.o > 0) {
      if (unit === 'word') {
        var chars = blocks[place.b].chars;
        var o = place.o;
        while (o > 0 && chars[o - 1].t !== undefined && /\s/.test(chars[o - 1].t)) o -= 1;
        while (o > 0 && chars[o - 1].t !== undefined && !/\s/.test(chars[o - 1].t)) o -= 1;
        return { b: place.b, o: o === place.o ? place.o - 1 : o };
      }
      return { b: place.b, o: place.o - 1 };
    }
    return null;
  }

  function nextPlace(place) {
    return place.o < lengthOf(place.b) ? { b: place.b, o: place.o + 1 } : null;
  }

  function apply(kind, body) {
    if (readOnly || saving) return;
    var range = selection();
    if (!range) return;
    remember(kind);
    var structural = blocks.length;
    var at = body(range);
    if (!at) { undoStack.pop(); return; }
    if (blocks.length !== structural || kind === 'all') drawAll();
    else {
      for (var b = range.start.b; b <= Math.max(range.end.b, at.b); b++) if (b < blocks.length) redraw(b);
    }
    select(at);
    pending = null;
    changed();
  }

  root.addEventListener('beforeinput', function (event) {
    var type = event.inputType;
    if (type === 'insertCompositionText') return;
    event.preventDefault();
    if (readOnly) { say('This note cannot be edited here.'); return; }
    var targets = event.getTargetRanges ? event.getTargetRanges() : [];
    var target = targets.length ? rangeOf(targets[0]) : null;
    switch (type) {
      case 'insertText':
      case 'insertReplacementText':
        var text = event.data !== null && event.data !== undefined ? event.data
          : (event.dataTransfer ? event.dataTransfer.getData('text/plain') : '');
        if (!text) return;
        apply('type', function (range) {
          var use = type === 'insertReplacementText' && target ? target : range;
          var a = pending || typing();
          var at = removeRange(use.start, use.end);
          return at && insertLines(at, text, a);
        });
        return;
      case 'insertParagraph':
        apply('break', function (range) { var at = removeRange(range.start, range.end); return at && splitAt(at); });
        return;
      case 'insertLineBreak':
        apply('break', function (range) { var at = removeRange(range.start, range.end); return at && insertBreak(at, 'hard'); });
        return;
      case 'insertFromPaste':
      case 'insertFromDrop':
      case 'insertFromYank':
        var transfer = event.dataTransfer;
        apply('all', function (range) { var at = removeRange(range.start, range.end); return at && paste(at, transfer); });
        return;
      case 'formatBold': toggle('bold'); return;
      case 'formatItalic': toggle('italic'); return;
      case 'formatUnderline': toggle('underline'); return;
      case 'formatStrikeThrough': toggle('strikethrough'); return;
      case 'historyUndo': undo(); return;
      case 'historyRedo': redo(); return;
      default:
        if (type.indexOf('delete') === 0) {
          apply('delete', function (range) {
            var from = range.start;
            var to = range.end;
            if (compare(from, to) === 0) {
              var backward = type.indexOf('Backward') > 0;
              // At a block's start (or end), the browser's range reaches into the block next to
              // it: the blocks are joined, or nothing happens.
              if (backward && from.o === 0) return from.b > 0 ? joinAt(from.b - 1) : null;
              if (!backward && to.o === lengthOf(to.b)) return to.b + 1 < blocks.length ? joinAt(to.b) : null;
              if (target && compare(target.start, target.end) !== 0 && target.start.b === from.b && target.end.b === from.b) {
                from = target.start; to = target.end;
              } else if (backward) {
                var back = previousPlace(from, type.indexOf('Word') > 0 ? 'word' : 'char');
                if (!back) return from.b > 0 ? joinAt(from.b - 1) : null;
                from = back;
              } else {
                var ahead = nextPlace(to);
                if (!ahead) return to.b + 1 < blocks.length ? joinAt(to.b) : null;
                to = ahead;
              }
            }
            return removeRange(from, to);
          });
        }
    }
  });

  // IME: what the composition made is read back from its block's text when it ends.
  root.addEventListener('compositionend', function (event) {
    if (!event.data) return;
    apply('type', function (range) {
      // The browser put the composed text in the DOM; the model takes it, the drawing follows it.
      var a = pending || attributesAt(range.start);
      var start = { b: range.start.b, o: Math.max(0, range.start.o - Array.from(event.data).length) };
      redraw(range.start.b);
      return insertText(start, event.data, a);
    });
  });

  // Text typed or pasted as lines: each line after the first a new paragraph.
  function insertLines(place, text, a) {
    var lines = text.replace(/\r\n?/g, '\n').split('\n');
    var at = insertText(place, lines[0], a);
    for (var i = 1; i < lines.length; i++) {
      at = splitAt(at);
      at = insertText(at, lines[i], a);
    }
    return at;
  }

  // Pasted content, reduced to what the formatting definition allows.
  function paste(place, transfer) {
    if (!transfer) return place;
    var html = transfer.getData('text/html');
    if (!html) return insertLines(place, transfer.getData('text/plain') || '', pending || attributesAt(place));
    // Inline styles are read, never applied (the page allows none): renamed before parsing.
    var parsed = new DOMParser().parseFromString(html.replace(/\sstyle\s*=/gi, ' data-pasted-style='), 'text/html');
    var paragraphs = [[]];
    function walk(node, a) {
      if (node.nodeType === 3) {
        var text = node.data.replace(/\s+/g, ' ');
        if (text) paragraphs[paragraphs.length - 1].push({ text: text, a: a });
        return;
      }
      if (node.nodeType !== 1) return;
      var name = node.nodeName;
      if (name === 'SCRIPT' || name === 'STYLE' || name === 'TEMPLATE') return;
      if (name === 'BR') { paragraphs.push([]); return; }
      var inner = Object.assign({}, a);
      var style = (node.getAttribute('data-pasted-style') || '').toLowerCase().replace(/\s+/g, '');
      var weight = /font-weight:(\w+)/.exec(style);
      if (name === 'B' || name === 'STRONG') inner.bold = true;
      if (weight) {
        // Google Docs wraps what it copies in <b style="font-weight:normal">.
        if (weight[1] === 'bold' || weight[1] === 'bolder' || Number(weight[1]) >= 600) inner.bold = true; else delete inner.bold;
      }
      if (/font-style:italic/.test(style)) inner.italic = true;
      if (/text-decoration[-a-z]*:[^;]*underline/.test(style)) inner.underline = 'single';
      if (/text-decoration[-a-z]*:[^;]*line-through/.test(style)) inner.strikethrough = 'single';
      if (name === 'I' || name === 'EM') inner.italic = true;
      if (name === 'U' || name === 'INS') inner.underline = 'single';
      if (name === 'S' || name === 'DEL' || name === 'STRIKE') inner.strikethrough = 'single';
      if (name === 'CODE') inner.code = true;
      if (name === 'MARK') inner.highlight = 'yellow';
      if (name === 'A' && node.getAttribute('href')) inner.link = node.getAttribute('href');
      var isBlock = /^(P|DIV|H[1-6]|LI|BLOCKQUOTE|PRE|TR|SECTION|ARTICLE)$/.test(name);
      if (isBlock && paragraphs[paragraphs.length - 1].length) paragraphs.push([]);
      Array.prototype.forEach.call(node.childNodes, function (child) { walk(child, inner); });
      if (isBlock) paragraphs.push([]);
    }
    walk(parsed.body, {});
    var at = place;
    var first = true;
    paragraphs.filter(function (runs) { return runs.some(function (run) { return run.text.trim(); }); }).forEach(function (runs) {
      if (!first) at = splitAt(at);
      first = false;
      runs.forEach(function (run) { at = insertText(at, run.text, allowed(run.a)); });
    });
    return at;
  }

  // Attributes with what the definition does not allow left out or made its first allowed value.
  function allowed(a) {
    var out = {};
    Object.keys(a).forEach(function (key) {
      var value = a[key];
      if (key === 'underline' || key === 'strikethrough') {
        var styles = offered[key] || [];
        if (styles.indexOf(value) >= 0) out[key] = value; else if (styles.length) out[key] = styles[0];
      } else if (key === 'highlight') {
        var colours = offered.highlight || [];
        if (colours.indexOf(value) >= 0) out[key] = value; else if (colours.length) out[key] = colours[0];
      } else if (key === 'link') {
        if (linkAllowed(value)) out[key] = value;
      } else {
        out[key] = value;
      }
    });
    return out;
  }

  function linkAllowed(url) {
    var match = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
    if (!match) return true;
    var schemes = offered.linkSchemes;
    return !schemes || schemes.indexOf(match[1].toLowerCase()) >= 0;
  }

  function undo() {
    if (!undoStack.length) return;
    redoStack.push(snapshot());
    var last = undoStack.pop();
    blocks = last.blocks;
    drawAll();
    if (last.selection) select(last.selection.start, last.selection.end);
    lastTyping = 0;
    changed();
  }

  function redo() {
    if (!redoStack.length) return;
    undoStack.push(snapshot());
    var next = redoStack.pop();
    blocks = next.blocks;
    drawAll();
    if (next.selection) select(next.selection.start, next.selection.end);
    lastTyping = 0;
    changed();
  }

  root.addEventListener('copy', function (event) { copySelection(event); });
  root.addEventListener('cut', function (event) {
    copySelection(event);
    apply('delete', function (range) { return removeRange(range.start, range.end); });
  });

  function copySelection(event) {
    var range = selection();
    if (!range || !event.clipboardData) return;
    event.preventDefault();
    var lines = [];
    for (var b = range.start.b; b <= range.end.b; b++) {
      var block = blocks[b];
      if (!editable(block)) { lines.push(block.label); continue; }
      var from = b === range.start.b ? range.start.o : 0;
      var to = b === range.end.b ? range.end.o : block.chars.length;
      lines.push(block.chars.slice(from, to).map(function (c) {
        return c.t !== undefined ? c.t : c.br ? (c.br === 'soft' ? ' ' : '\n') : (opaque[c.op] ? opaque[c.op].label : '');
      }).join(''));
    }
    event.clipboardData.setData('text/plain', lines.join('\n'));
  }

  // ---- The bar ---------------------------------------------------------------------------
  // The formatting the bar shows: of the selection's first character, or of what is typed next.
  function typing() {
    var range = selection();
    if (!range) return {};
    if (compare(range.start, range.end) === 0) return pending || attributesAt(range.start);
    for (var b = range.start.b; b <= range.end.b; b++) {
      if (!editable(blocks[b])) continue;
      var chars = blocks[b].chars;
      var from = b === range.start.b ? range.start.o : 0;
      var to = b === range.end.b ? range.end.o : chars.length;
      for (var o = from; o < to; o++) if (chars[o].t !== undefined) return chars[o].a;
    }
    return attributesAt(range.start);
  }

  // Changes each character of the selection on its own attributes (or what is typed next, with
  // no selection): `change` gets a copy to change.
  function format(change) {
    if (readOnly || saving) return;
    var range = selection();
    if (!range) return;
    if (compare(range.start, range.end) === 0) {
      var next = Object.assign({}, typing());
      change(next);
      pending = next;
      updateBar();
      return;
    }
    remember('format');
    for (var b = range.start.b; b <= range.end.b; b++) {
      if (!editable(blocks[b])) continue;
      var chars = blocks[b].chars;
      var from = b === range.start.b ? range.start.o : 0;
      var to = b === range.end.b ? range.end.o : chars.length;
      var made = {};
      for (var o = from; o < to; o++) {
        var c = chars[o];
        if (c.t === undefined) continue;
        var key = keyOf(c.a);
        if (!made[key]) { var a = Object.assign({}, c.a); change(a); made[key] = a; }
        chars[o] = { t: c.t, a: made[key], o: c.o };
      }
      redraw(b);
    }
    select(range.start, range.end);
    changed();
  }

  function set(a, key, value) { if (value === undefined || value === null || value === '') delete a[key]; else a[key] = value; }

  function toggle(key) {
    var on = !!typing()[key];
    var value = key === 'bold' || key === 'italic' ? true : (offered[key] && offered[key].indexOf('single') >= 0 ? 'single' : (offered[key] || [])[0]);
    if (!on && !value) return;
    format(function (a) { set(a, key, on ? undefined : value); });
  }

  function highlight(colour) {
    var current = typing().highlight;
    format(function (a) { set(a, 'highlight', current === colour ? undefined : colour); });
  }

  function link() {
    var current = typing().link;
    if (current) { format(function (a) { delete a.link; delete a.linkTitle; }); return; }
    var range = selection();
    var url = window.prompt('Link to (a URL, or a path of this site):', 'https://');
    if (url === null) return;
    url = url.trim();
    if (!url || url === 'https://') return;
    if (!linkAllowed(url)) { say('Links of that kind are not allowed by the formatting definition.'); return; }
    if (range) select(range.start, range.end);
    format(function (a) { a.link = url; delete a.linkTitle; });
  }

  var buttons = [];

  function button(label, text, className, action, state) {
    var made = document.createElement('button');
    made.type = 'button';
    made.className = 'nb-tool ' + className;
    made.setAttribute('aria-label', label);
    made.setAttribute('aria-pressed', 'false');
    made.title = label;
    made.textContent = text;
    // The editor keeps its selection: the button takes no focus from it.
    made.addEventListener('mousedown', function (event) { event.preventDefault(); });
    made.addEventListener('click', function () { action(); root.focus(); updateBar(); });
    bar.appendChild(made);
    buttons.push({ element: made, state: state });
    return made;
  }

  function names(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function buildBar() {
    button('Bold', 'B', 'nb-tool-bold', function () { toggle('bold'); }, function (a) { return !!a.bold; });
    button('Italic', 'I', 'nb-tool-italic', function () { toggle('italic'); }, function (a) { return !!a.italic; });
    if ((offered.underline || []).length) button('Underline', 'U', 'nb-tool-underline', function () { toggle('underline'); }, function (a) { return !!a.underline; });
    if ((offered.strikethrough || []).length) button('Strikethrough', 'S', 'nb-tool-strike', function () { toggle('strikethrough'); }, function (a) { return !!a.strikethrough; });
    (offered.highlight || []).forEach(function (colour) {
      var made = button('Highlight in ' + colour, '', 'nb-tool-hl nb-hl nb-hl-' + (/^[a-z]+$/.test(colour) ? colour : 'custom'),
        function () { highlight(colour); }, function (a) { return a.highlight === colour; });
      if (colour.charAt(0) === '#') made.style.backgroundColor = colour;
    });
    button('Link', 'Link', 'nb-tool-link', link, function (a) { return !!a.link; });
    var styles = offered.textStyle || [];
    if (styles.length) {
      var chooser = document.createElement('select');
      chooser.id = 'text-style';
      chooser.setAttribute('aria-label', 'Text style');
      var plain = document.createElement('option');
      plain.value = '';
      plain.textContent = 'Text style';
      chooser.appendChild(plain);
      styles.forEach(function (style) {
        var option = document.createElement('option');
        option.value = style;
        option.textContent = names(style);
        chooser.appendChild(option);
      });
      chooser.addEventListener('change', function () {
        var value = chooser.value;
        var range = lastRange;
        if (range) select(range.start, range.end);
        format(function (a) { set(a, 'textStyle', value); });
      });
      bar.appendChild(chooser);
      textStyleSelect = chooser;
    }
  }

  var textStyleSelect = null;
  var lastRange = null;

  function updateBar() {
    var a = typing();
    buttons.forEach(function (entry) { entry.element.setAttribute('aria-pressed', entry.state(a) ? 'true' : 'false'); });
    if (textStyleSelect) textStyleSelect.value = a.textStyle || '';
  }

  document.addEventListener('selectionchange', function () {
    var range = selection();
    if (!range) return;
    if (lastRange && (compare(range.start, lastRange.start) !== 0 || compare(range.end, lastRange.end) !== 0)) pending = null;
    lastRange = range;
    updateBar();
  });

  // ---- Words, saving, what the browser keeps ---------------------------------------------
  function countWords() {
    var text = blocks.filter(editable).map(function (block) {
      return block.chars.map(function (c) {
        return c.t !== undefined ? c.t : c.br ? '\n' : (opaque[c.op] ? opaque[c.op].text : '');
      }).join('');
    }).join('\n');
    var words = text.split(/[\s\u0085\u2028\u2029]+/).filter(function (word) { return word.length > 0; }).length;
    return fixedWords + words;
  }

  function updateWords() {
    var count = countWords();
    wordsBox.textContent = count + (count === 1 ? ' word' : ' words');
  }

  function say(message, kind) {
    statusBox.textContent = '';
    statusBox.className = 'nb-status' + (kind ? ' nb-status-' + kind : '');
    var line = document.createElement('p');
    line.textContent = message;
    statusBox.appendChild(line);
    return statusBox;
  }

  function save(overwrite) {
    if (readOnly || saving) return;
    saving = true;
    saveButton.disabled = true;
    say('Saving…');
    var body = { hash: baseHash, blocks: wireBlocks() };
    if (overwrite) body.overwrite = overwrite;
    fetch('/_notebook/save' + location.pathname.replace(/^\/_notebook\/edit/, ''), {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Notebook-Token': token },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.text().then(function (text) {
        var json = null;
        try { json = JSON.parse(text); } catch (error) { json = null; }
        return { status: response.status, json: json, text: text };
      });
    }).then(function (answer) {
      saving = false;
      saveButton.disabled = false;
      if (answer.status === 200 && answer.json) {
        var place = selection();
        load(answer.json);
        drawAll();
        if (place) { try { select(place.start, place.end); } catch (error) { /* the text moved */ } }
        dirty = false;
        undoStack = [];
        redoStack = [];
        try { localStorage.removeItem(storageKey); } catch (error) { /* nothing kept */ }
        updateWords();
        var corrections = answer.json.corrections || [];
        var box = say(corrections.length ? 'Saved, with what the formatting definition does not allow corrected:' : 'Saved.', corrections.length ? 'warning' : 'ok');
        if (corrections.length) {
          var list = document.createElement('ul');
          corrections.forEach(function (correction) {
            var item = document.createElement('li');
            item.textContent = 'Block ' + (correction.block + 1) + ': ' + correction.message;
            list.appendChild(item);
          });
          box.appendChild(list);
        }
        return;
      }
      var message = answer.json && answer.json.error ? answer.json.error : answer.text;
      if (answer.status === 409) {
        var conflict = say('Not saved: ' + message + '. Reload it (your changes here are dropped), or overwrite it with them.', 'error');
        var reload = document.createElement('button');
        reload.type = 'button';
        reload.textContent = 'Reload';
        reload.addEventListener('click', function () {
          dirty = false;
          try { localStorage.removeItem(storageKey); } catch (error) { /* nothing kept */ }
          location.reload();
        });
        var over = document.createElement('button');
        over.type = 'button';
        over.textContent = 'Overwrite';
        over.addEventListener('click', function () { save(answer.json && answer.json.currentHash); });
        conflict.appendChild(reload);
        conflict.appendChild(over);
        return;
      }
      say('Not saved (' + answer.status + '): ' + message, 'error');
    }).catch(function (error) {
      saving = false;
      saveButton.disabled = false;
      say('Not saved: the preview server did not answer (' + error + ').', 'error');
    });
  }

  saveButton.addEventListener('click', function () { save(); });
  document.addEventListener('keydown', function (event) {
    var key = event.key ? event.key.toLowerCase() : '';
    if ((event.ctrlKey || event.metaKey) && !event.altKey) {
      if (key === 's') { event.preventDefault(); save(); }
      else if (key === 'b' && root.contains(document.activeElement)) { event.preventDefault(); toggle('bold'); }
      else if (key === 'i' && root.contains(document.activeElement)) { event.preventDefault(); toggle('italic'); }
      else if (key === 'u' && root.contains(document.activeElement)) { event.preventDefault(); toggle('underline'); }
      else if (key === 'z' && root.contains(document.activeElement)) { event.preventDefault(); if (event.shiftKey) redo(); else undo(); }
      else if (key === 'y' && root.contains(document.activeElement)) { event.preventDefault(); redo(); }
    }
  });
  window.addEventListener('beforeunload', function (event) {
    if (!dirty) return;
    event.preventDefault();
    event.returnValue = '';
  });

  // ---- Start -----------------------------------------------------------------------------
  load(data);
  readOnly = !!data.readOnly;
  var kept = null;
  try { kept = JSON.parse(localStorage.getItem(storageKey) || 'null'); } catch (error) { kept = null; }
  if (kept && kept.blocks && !readOnly) {
    var restored = { blocks: kept.blocks.map(function (block) {
      var original = block.id !== undefined ? data.blocks[block.id] : null;
      return { id: block.id === undefined ? null : block.id, kind: original ? original.kind : 'paragraph', level: original ? original.level : 0,
        nested: original ? original.nested : false, label: original ? original.label : '', pieces: block.pieces };
    }), opaque: data.opaque, hash: kept.hash, fixedWords: data.fixedWords };
    load(restored);
    dirty = true;
    say(kept.hash === data.hash ? 'Your unsaved changes were kept by this browser; they are back.'
      : 'Your unsaved changes were kept by this browser, but the note changed since: saving will ask what to do.', 'warning');
  }
  buildBar();
  drawAll();
  root.contentEditable = readOnly ? 'false' : 'true';
  if (readOnly) say(data.readOnlyReason || 'This note cannot be edited here.', 'warning');
  updateWords();
  updateBar();
})();
