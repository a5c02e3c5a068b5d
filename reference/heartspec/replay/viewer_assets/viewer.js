// The heartspec move-log viewer: draws the steps heartspec computed (hands, tricks, legal cards, rulings).
// No rule is decided here: legal cards, refusals and scores all come from the reference engine in the data.
// Text is only ever set through textContent, so nothing from a log becomes markup.
(function () {
  'use strict';
  var VIEW = JSON.parse(document.getElementById('heartspec-view').textContent);
  var STEPS = VIEW.steps, N = STEPS.length, TABLES = VIEW.tables;
  var SUITS = {C: '\u2663', D: '\u2666', H: '\u2665', S: '\u2660'};
  var current = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function rank(name) { var r = name.charAt(0); return r === 'T' ? '10' : r; }
  function cardEl(name, extra) {
    var suit = name.charAt(1), joker = name.charAt(0) === 'X';
    var c = el('span', 'card ' + suit + (joker ? ' joker' : '') + (extra ? ' ' + extra : ''));
    c.title = name;
    add(c, el('span', 'r', joker ? 'J\u2605' : rank(name)));
    add(c, el('span', 's', SUITS[suit] || '?'));
    return c;
  }
  function cardText(name) { return name.charAt(0) === 'X' ? 'joker' + SUITS[name.charAt(1)] : rank(name) + SUITS[name.charAt(1)]; }
  function seatName(seat) { return 'Seat ' + seat; }
  function eventsOf(step, t) { var v = step.views[t]; return (v && v.events) || []; }
  function has(events, type) { for (var i = 0; i < events.length; i++) if (events[i].type === type) return events[i]; return null; }

  // ---- indexes: the scores each table has reached at each step, and the tricks of the log's own game
  var scoresAt = TABLES.map(function (_, t) {
    var out = [], list = [], game = -1;
    STEPS.forEach(function (step) {
      if (step.game !== game) { game = step.game; list = []; }
      var scored = eventsOf(step, t).filter(function (e) { return e.type === 'deal_scored'; });
      if (scored.length) list = list.concat(scored.map(function (e) { return {deal: dealOfScore(step, t), event: e}; }));
      out.push(list);
    });
    return out;
  });
  function dealOfScore(step, t) { var v = step.views[t]; var n = has(v.events || [], 'next_deal'); return n ? n.deal_number - 1 : v.deal_number; }

  var tricks = [], open = null;
  STEPS.forEach(function (step, i) {
    eventsOf(step, 0).forEach(function (e) {
      if (e.type === 'card_played') {
        if (!open) open = {game: step.game, deal: step.deal, number: step.trick, start: i, cards: []};
        open.cards.push(e);
      } else if ((e.type === 'trick_won' || e.type === 'trick_set_aside') && open) {
        open.end = i; open.winner = e.type === 'trick_won' ? e.seat : null; open.points = e.points;
        tricks.push(open); open = null;
      }
    });
  });
  if (open) { open.end = N - 1; tricks.push(open); }
  var trickEnds = tricks.map(function (t) { return t.end; });

  // ---- what a step says, in words
  function say(step) {
    var r = step.request, who = seatName(r.seat), parts = [];
    if (step.refused) return who + ' tries ' + (r.card ? cardText(r.card) : r.cmd) + ': refused (line ' + step.line + ')';
    if (r.cmd === 'new_game') parts.push('New game: ' + [r.ruleset].concat(r.variants || []).join('+') + ', ' + r.players + ' players');
    if (r.cmd === 'deal') parts.push('Deal ' + step.deal + ' is dealt');
    if (r.cmd === 'pass') parts.push(who + ' passes ' + (r.cards || []).map(cardText).join(' '));
    if (r.cmd === 'play') parts.push(who + ' plays ' + cardText(r.card));
    if (r.cmd === 'choose') parts.push(who + ' chooses how the moon scores: ' + String(r.option).replace(/_/g, ' '));
    eventsOf(step, 0).forEach(function (e) {
      if (e.type === 'hearts_broken') parts.push('hearts are broken');
      if (e.type === 'trick_won') parts.push(seatName(e.seat) + ' wins trick ' + step.trick + ', ' + e.points + ' point(s)');
      if (e.type === 'trick_set_aside') parts.push('the trick is set aside for a later taker');
      if (e.type === 'kitty_taken') parts.push(seatName(e.seat) + ' takes the kitty: ' + (e.cards || []).map(cardText).join(' '));
      if (e.type === 'cards_drawn') parts.push(seatName(e.seat) + ' draws from the stock');
      if (e.type === 'moon_choice') parts.push(seatName(e.seat) + ' shot the moon and chooses how it scores');
      if (e.type === 'deal_scored') parts.push('deal scored: ' + e.points.join(' ') + (e.moon ? ' (moon by seat ' + e.moon.seat + ')' : ''));
      if (e.type === 'game_over') parts.push('game over: won by seat ' + (e.winners || []).join(', seat '));
    });
    return parts.join('; ');
  }

  // ---- drawing
  function seatPlace(seat, n) {
    var phi = 2 * Math.PI * seat / n;
    return {x: 50 - 32 * Math.sin(phi), y: 50 + 38 * Math.cos(phi)};
  }

  function drawPanel(t, i) {
    var step = STEPS[i], v = step.views[t], panel = el('section', 'panel');
    panel.setAttribute('data-table', TABLES[t]);
    var h = add(panel, el('h2', null, t === 0 ? gameLabel(step) : 'under ' + TABLES[t]));
    add(h, el('span', 'tag', t === 0 ? 'as logged' : 'the same deals and moves'));
    if (!v || v.absent) {
      add(panel, el('p', null, 'This game does not start under ' + TABLES[t] + '.'));
      drawRuling(panel, v && v.ruling);
      return panel;
    }
    var felt = add(panel, el('div', 'felt')), n = v.hands.length;
    felt.style.setProperty('--seat-width', Math.round(Math.min(284, 1400 / Math.max(n, 4))) + 'px');
    if (n > 6) felt.className += ' crowded';  // a taller table, so seven to eleven seats keep apart
    var chips = add(felt, el('div', 'chips'));
    add(chips, el('span', 'chip', 'Deal ' + v.deal_number + (v.phase === 'deal' ? ' to be dealt' : '') + ' \u00b7 dealer seat ' + v.dealer));
    if (v.pass_direction && v.pass_direction !== 'none') add(chips, el('span', 'chip', 'pass ' + v.pass_direction));
    if (v.hearts_broken) add(chips, el('span', 'chip hearts', '\u2665 broken'));
    if (v.kitty_size) add(chips, el('span', 'chip', 'kitty: ' + v.kitty_size + ' face down'));
    if (v.stock_size !== undefined) add(chips, el('span', 'chip', 'stock: ' + v.stock_size));
    if (v.set_aside && v.set_aside.length) add(chips, el('span', 'chip', 'set aside: ' + v.set_aside.map(cardText).join(' ')));
    if (v.left) add(chips, el('span', 'chip', 'deal not followed here'));
    var legal = {};
    (v.legal || []).forEach(function (c) { legal[c] = true; });
    for (var s = 0; s < n; s++) {
      var p = seatPlace(s, n), box = add(felt, el('div', 'seat' + (v.turn === s && v.phase !== 'deal' ? ' turn' : '')));
      box.style.left = p.x + '%'; box.style.top = p.y + '%';
      box.setAttribute('data-seat', s);
      var name = add(box, el('div', 'name'));
      add(name, el('span', null, seatName(s) + (v.dealer === s ? ' (dealer)' : '')));
      add(name, el('span', 'pts', v.totals[s] + ' pts' + (v.deal_points && v.deal_points[s] ? ' (+' + v.deal_points[s] + ')' : '')));
      var hand = add(box, el('div', 'hand'));
      v.hands[s].forEach(function (c) { add(hand, cardEl(c, v.turn === s && legal[c] ? 'legal' : '')); });
      if (!v.hands[s].length) add(hand, el('span', null, '\u2014'));
    }
    drawTrick(felt, v, step, t, n);
    var line = add(panel, el('div', 'legal-line'));
    if (v.phase === 'playing' && v.turn !== null && v.turn !== undefined)
      line.textContent = seatName(v.turn) + ' to play; the rules allow: ' + (v.legal || []).map(cardText).join(' ');
    else if (v.phase === 'passing') line.textContent = 'Passing ' + v.pass_direction + '; passed so far: ' + (v.passed.length ? v.passed.map(seatName).join(', ') : 'none');
    else if (v.phase === 'moon_choice') line.textContent = seatName(v.turn) + ' shot the moon and chooses how it scores';
    else if (v.phase === 'game_over') line.textContent = gameOver(v);
    drawPasses(panel, t, i);
    drawRuling(panel, v.ruling);
    drawScores(panel, t, i, v);
    return panel;
  }

  function gameLabel(step) {
    var g = VIEW.games[step.game];
    return g ? [g.ruleset].concat(g.variants).join('+') + ', ' + g.players + ' players' : 'no game yet';
  }
  function gameOver(v) {
    var end = v.end || {};
    var text = 'Game over: won by seat ' + (end.winners || v.winners || []).join(', seat ');
    if (end.money) text += '; money ' + end.money.join(' ');
    return text;
  }

  function drawTrick(felt, v, step, t, n) {
    var shown = v.trick, winner = null, events = v.events || [];
    var done = has(events, 'trick_won') || has(events, 'trick_set_aside');
    if (done) { shown = trickEndingAt(current); winner = done.type === 'trick_won' ? done.seat : null; }
    var centre = add(felt, el('div', 'trick'));
    (shown || []).forEach(function (p) {
      var place = seatPlace(p.seat, n), c = add(centre, cardEl(p.card, p.seat === winner ? 'win' : ''));
      var spread = n > 6 ? 2.6 : 1.7;
      c.style.left = ((place.x - 50) * spread) + 'px'; c.style.top = ((place.y - 50) * spread * 0.8) + 'px';
    });
    var note = add(felt, el('div', 'centre'));
    if (done) note.textContent = winner === null ? 'set aside' : seatName(winner) + ' takes ' + done.points + ' point(s)';
    else if (step.trick && v.phase === 'playing')
      note.textContent = 'Trick ' + step.trick + (v.trick.length ? ' \u00b7 led by seat ' + v.trick[0].seat : '');
  }
  function trickEndingAt(i) {
    for (var k = 0; k < tricks.length; k++) if (tricks[k].end === i) return tricks[k].cards;
    return [];
  }

  function drawPasses(panel, t, i) {
    var step = STEPS[i], received = [];
    for (var k = i; k >= 0 && STEPS[k].game === step.game && STEPS[k].deal === step.deal; k--)
      eventsOf(STEPS[k], t).forEach(function (e) { if (e.type === 'cards_received') received.push(e); });
    if (!received.length) return;
    var div = add(panel, el('div', 'passes'));
    div.textContent = 'Passes: ' + received.map(function (e) {
      return 'seat ' + e.from + ' \u2192 seat ' + e.seat + ': ' + e.cards.map(cardText).join(' ');
    }).join(' \u00b7 ');
  }

  function drawRuling(panel, ruling) {
    if (!ruling) return;
    var box = add(panel, el('div', 'ruling ' + ruling.kind));
    var head = ruling.kind === 'refused' ? 'Refused: ' + ruling.message : (ruling.kind === 'own_way' ? 'Its own way' : 'Not followed');
    add(box, el('div', null, head));
    if (ruling.text) add(box, el('div', null, ruling.text));
    if (ruling.rule) {
      var rule = add(box, el('div', 'rule'));
      add(rule, el('strong', null, ruling.rule.label + ': '));
      add(rule, el('span', null, ruling.rule.text));
      add(box, el('div', 'source', 'source: ' + ruling.rule.source));
    }
    if (ruling.played_anyway) add(box, el('div', null, 'The logged card is played anyway, so the deal goes on.'));
  }

  function drawScores(panel, t, i, v) {
    var rows = scoresAt[t][i];
    if (!rows.length) return;
    var table = add(panel, el('table', 'scores')), head = add(table, el('tr'));
    add(head, el('th', null, 'deal'));
    for (var s = 0; s < v.hands.length; s++) add(head, el('th', null, 'seat ' + s));
    add(head, el('th', null, ''));
    rows.forEach(function (row, k) {
      var tr = add(table, el('tr', k === rows.length - 1 ? 'current' : ''));
      add(tr, el('td', null, row.deal));
      row.event.totals.forEach(function (total, s) {
        add(tr, el('td', null, total + ' (' + (row.event.points[s] >= 0 ? '+' : '') + row.event.points[s] + ')'));
      });
      if (row.event.money) add(tr, el('td', 'money', 'money ' + row.event.money.join(' ') + (row.event.pot !== undefined && row.event.pot !== null ? ', pot ' + row.event.pot : '')));
      add(tr, el('td', 'moon', row.event.moon ? '\u263e moon: seat ' + row.event.moon.seat + ', ' + String(row.event.moon.effect || '').replace(/_/g, ' ') : ''));
      tr.setAttribute('data-totals', row.event.totals.join(' '));
    });
  }

  function drawSide(i) {
    var step = STEPS[i];
    document.getElementById('say').textContent = say(step);
    var deals = document.getElementById('deals');
    deals.textContent = '';
    var seen = {};
    STEPS.forEach(function (s, k) {
      var key = s.game + ':' + s.deal;
      if (s.deal && !seen[key]) {
        seen[key] = true;
        var b = add(deals, el('button', s.game === step.game && s.deal === step.deal ? 'current' : '', (VIEW.games.length > 1 ? 'g' + (s.game + 1) + ' ' : '') + 'deal ' + s.deal));
        b.addEventListener('click', function () { go(k); });
      }
    });
    var list = document.getElementById('tricks');
    list.textContent = '';
    tricks.forEach(function (tr) {
      if (tr.game !== step.game || tr.deal !== step.deal) return;
      var li = add(list, el('li', i >= tr.start && i <= tr.end ? 'current' : ''));
      li.setAttribute('data-end', tr.end);
      add(li, el('span', null, tr.number + '.'));
      add(li, el('span', 'lead', 's' + tr.cards[0].seat)).title = 'led by seat ' + tr.cards[0].seat;
      var mini = add(li, el('span', 'mini'));
      tr.cards.forEach(function (p) { add(mini, el('span', p.card.charAt(1), cardText(p.card) + ' ')); });
      add(li, el('span', null, tr.winner === null ? 'set aside' : '\u2192 seat ' + tr.winner + ', ' + tr.points));
      li.addEventListener('click', function () { go(tr.end); });
    });
  }

  function draw() {
    var tables = document.getElementById('tables');
    tables.textContent = '';
    for (var t = 0; t < TABLES.length; t++) tables.appendChild(drawPanel(t, current));
    drawSide(current);
    document.getElementById('position').textContent = 'step ' + (current + 1) + ' / ' + N + ' \u00b7 line ' + STEPS[current].line;
  }

  function go(i) {
    current = Math.max(0, Math.min(N - 1, i));
    var hash = '#step=' + (current + 1);
    if (location.hash !== hash) history.replaceState(null, '', hash);
    draw();
  }
  function nextTrick() { for (var k = 0; k < trickEnds.length; k++) if (trickEnds[k] > current) return trickEnds[k]; return N - 1; }
  function previousTrick() { for (var k = trickEnds.length - 1; k >= 0; k--) if (trickEnds[k] < current) return trickEnds[k]; return 0; }
  function fromHash() {
    var m = /step=(\d+)/.exec(location.hash);
    if (m) return parseInt(m[1], 10) - 1;
    if (VIEW.what_if) return N - 1;  // a what-if page opens at the position it plays on from
    for (var r = 0; r < N; r++) if (STEPS[r].refused) return r;  // a reproduction opens at its refusal
    for (var k = 0; k < N; k++) if (STEPS[k].cmd === 'deal') return k;  // else at the first hands dealt
    return 0;
  }

  function layout() {
    if (TABLES.length > 1) document.body.className = 'compare';
    var header = add(document.body, el('header'));
    add(header, el('h1', null, 'heartspec viewer'));
    add(header, el('span', 'game', VIEW.source + (TABLES.length > 1 ? ' \u00b7 compared under ' + TABLES.slice(1).join(', ') : '')));
    var nav = add(header, el('nav'));
    [['\u00ab', 'first step (Home)', function () { go(0); }], ['\u21e1', 'previous trick (\u2191)', function () { go(previousTrick()); }],
     ['\u25c0', 'previous card (\u2190)', function () { go(current - 1); }], ['\u25b6', 'next card (\u2192)', function () { go(current + 1); }],
     ['\u21e3', 'next trick (\u2193)', function () { go(nextTrick()); }], ['\u00bb', 'last step (End)', function () { go(N - 1); }]]
      .forEach(function (b) { var btn = add(nav, el('button', null, b[0])); btn.title = b[1]; btn.setAttribute('aria-label', b[1]); btn.addEventListener('click', b[2]); });
    add(nav, el('span', null)).id = 'position';
    if (VIEW.failure) add(document.body, el('div', 'failure', 'Line ' + VIEW.failure.line + ': ' + VIEW.failure.message));
    var main = add(document.body, el('main'));
    add(main, el('div')).id = 'tables';
    var side = add(main, el('aside'));
    add(side, el('div')).id = 'say';
    add(side, el('h3', null, 'Deals'));
    add(side, el('div')).id = 'deals';
    add(side, el('h3', null, 'Tricks of this deal'));
    add(side, el('ol')).id = 'tricks';
    if (VIEW.what_if) drawWhatIf(add(side, el('section', 'what-if')), VIEW.what_if);
    add(side, el('div', 'keys', 'Keys: \u2190/\u2192 card, \u2191/\u2193 trick, Home/End. The step is in the address, so a position can be shared.'));
  }

  // `simulate --from LOG:LINE --html`: the runs from the position the page opens at, as heartspec reported them.
  function drawWhatIf(box, report) {
    add(box, el('h3', null, 'What if: the rest of the ' + report.rest + ', ' + report.runs + ' runs'));
    add(box, el('div', 'keys', 'bots ' + report.bots.filter(function (b, k) { return report.bots.indexOf(b) === k; }).join(',') + ', seed ' + report.seed + '; mean deal points [95% interval]'));
    report.rulesets.forEach(function (ruleset) {
      add(box, el('div', null, ruleset.label + ': moon in ' + (100 * ruleset.moon_rate).toFixed(1) + '% of runs'));
      var table = add(box, el('table', 'scores'));
      ruleset.seats.forEach(function (seat) {
        var tr = add(table, el('tr')), p = seat.deal_points;
        add(tr, el('td', null, 'seat ' + seat.seat));
        add(tr, el('td', null, p.mean.toFixed(2) + (p.ci95 ? ' [' + p.ci95[0].toFixed(1) + ', ' + p.ci95[1].toFixed(1) + ']' : '')));
        if (ruleset.wins) add(tr, el('td', null, ruleset.wins[seat.seat] + ' wins'));
      });
    });
  }

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var moves = {ArrowRight: function () { return current + 1; }, ArrowLeft: function () { return current - 1; },
      ArrowDown: nextTrick, ArrowUp: previousTrick, Home: function () { return 0; }, End: function () { return N - 1; }};
    if (moves[e.key]) { e.preventDefault(); go(moves[e.key]()); }
  });
  window.addEventListener('hashchange', function () { if (fromHash() !== current) go(fromHash()); });
  layout();
  if (N) go(fromHash()); else add(document.body, el('p', null, 'This log holds no step to show.'));
})();
