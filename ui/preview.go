package ui

// The summary of a determined move before it is confirmed: what the action itself does,
// then, as separate labelled parts, what the end of the round and the end of the era do
// when this move ends them. engine.Game.Preview gives the log entries and the state after;
// the entries are split by kind, and the money and VP of each part come from the round
// report the engine wrote (what the round's end paid and scored).
//
// The summary must not reveal what is hidden, or Back would let the player try again
// knowing it: a sale to the Distant Market says that a face-down tile will be drawn and
// what each tile still face down would do (Preview gives one outcome per kind of tile), in
// one small table, with what follows the sale (the round's end) told once, so that Confirm
// stays in view.

import (
	"strconv"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// previewPart is one labelled part of a move's summary.
type previewPart struct {
	Label string   // "" for the action itself
	Lines []string // the engine's log lines
	Facts string   // the acting player's money, income and VP before → after this part; "" if unchanged
}

// movePreview is a move's summary: the parts of its one outcome, or, for a move that turns
// over a face-down Distant Market tile, a sentence saying so, one row per kind of tile face
// down (what it would do) and what follows the sale (the end of the round or era), told
// once for all the tiles after which the same follows.
type movePreview struct {
	Parts []previewPart // the one outcome's parts
	Draw  string        // "" unless the move draws a face-down tile
	Tiles []drawRow     // a draw: one row per kind of tile still face down
	Then  []drawThen    // a draw: what follows the sale, by the tiles after which it does
}

// drawRow is what one kind of face-down Distant Market tile would do to the sale.
type drawRow struct {
	Drop   int    // how many spaces the tile moves the cotton demand marker down
	Tiles  int    // how many of the face-down tiles are of this kind
	Of     int    // how many tiles are face down
	Demand string // where the marker ends: "space 3 (+2 income spaces)" or "X: the sale fails"
	Income string // the seller's income level before → after, or what happens instead
	Fails  bool
}

// drawThen is what follows a sale after some of the tiles: Label names them when not all
// do; Varies says the figures differ between them (they are then left out).
type drawThen struct {
	Label  string
	Parts  []previewPart
	Varies bool
	drops  []int
}

// summarize makes a move's summary from the outcomes engine.Game.Preview returned for it
// in the state before.
func summarize(before *engine.State, outcomes []engine.Outcome) movePreview {
	var mp movePreview
	if len(outcomes) == 0 {
		return mp
	}
	if outcomes[0].Draw == nil {
		mp.Parts = previewParts(before, &outcomes[0].After, outcomes[0].Entries)
		return mp
	}
	p := before.Actor()
	ed := before.Edition()
	bv := view.Of(before)
	mp.Draw = drawSentence(bv.Distant)
	left := bv.Distant.Left
	for i := range outcomes {
		o := &outcomes[i]
		row := drawRow{Drop: o.Draw.Drop, Tiles: o.Tiles, Of: left}
		av := view.Of(&o.After)
		if d := av.Distant.Demand; d >= len(ed.DemandBonus) {
			row.Fails = true
			row.Demand = lang.T("preview.demand_fails")
			row.Income = lang.T("preview.income_unchanged")
		} else {
			row.Demand = lang.T("preview.demand_space", lang.N("space", d+1), lang.N("n", ed.DemandBonus[d]))
			row.Income = kit.Money(bv.Seats[p].IncomeLevel) + " → " + kit.Money(av.Seats[p].IncomeLevel)
		}
		mp.Tiles = append(mp.Tiles, row)
		if parts := previewPartsOf(before, &o.After, bv, av, o.Entries); len(parts) > 1 {
			mp.Then = addThen(mp.Then, parts[1:], row.Drop)
		}
	}
	for i := range mp.Then {
		t := &mp.Then[i]
		if len(mp.Then) > 1 || len(t.drops) < len(mp.Tiles) {
			t.Label = lang.T("preview.after_tile", lang.S("tiles", dropsText(t.drops)))
		}
		if t.Varies {
			for k := range t.Parts {
				t.Parts[k].Facts = ""
			}
		}
	}
	return mp
}

// addThen files what follows one tile's sale with the tiles after which the same parts
// (by their labels) follow.
func addThen(then []drawThen, parts []previewPart, drop int) []drawThen {
	for i := range then {
		t := &then[i]
		if sameLabels(t.Parts, parts) {
			t.drops = append(t.drops, drop)
			for k := range parts {
				t.Varies = t.Varies || parts[k].Facts != t.Parts[k].Facts
			}
			return then
		}
	}
	return append(then, drawThen{Parts: parts, drops: []int{drop}})
}

func sameLabels(a, b []previewPart) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Label != b[i].Label {
			return false
		}
	}
	return true
}

// dropsText names tiles by their drops: "−2", "−2 or −3".
func dropsText(drops []int) string {
	names := make([]string, len(drops))
	for i, d := range drops {
		names[i] = "−" + strconv.Itoa(d)
	}
	return lang.Current().JoinOr(names)
}

// drawSentence says, before a sale to the Distant Market, that its top tile will be drawn
// and what a tile does, without saying which tile it is (no one knows until the sale).
func drawSentence(dm view.Distant) string {
	left := dm.Left
	return lang.T("preview.draw", lang.N("n", left), lang.N("space", dm.Demand+1))
}

// previewParts splits a previewed move's log into the action's own effects, the end of
// the round and the end of the era (or game), and computes the acting player's changes
// for each. before is the state the move is made in, after the state Preview returned.
func previewParts(before, after *engine.State, entries []engine.LogEntry) []previewPart {
	return previewPartsOf(before, after, view.Of(before), view.Of(after), entries)
}

// previewPartsOf is previewParts with the two states' views already read (bv, av).
func previewPartsOf(before, after *engine.State, bv, av *view.Game, entries []engine.LogEntry) []previewPart {
	p := before.Actor()
	if p < 0 {
		return nil
	}
	b, a := &bv.Seats[p], &av.Seats[p]
	round := bv.Turn.Round
	if before.Phase == engine.PhaseShortfall {
		// Removing a tile is itself part of paying the round's income.
		label := lang.T("preview.shortfall_round", lang.S("era", eraWords(before.Era.String())), lang.N("round", round))
		if before.Report.IncomeAfterScoring {
			// The original Lancashire rules: the income is the Rail Era's first step.
			label = lang.T("preview.shortfall_era", lang.S("era", eraWords(before.Era.String())))
		}
		part := previewPart{Label: label}
		for _, e := range entries {
			if e.Kind != engine.LogRound && e.Kind != engine.LogEra && e.Kind != engine.LogDraw {
				part.Lines = append(part.Lines, e.Text)
			}
		}
		part.Facts = factLine(b.Money, a.Money, 0, 0, b.VP, a.VP, "")
		return []previewPart{part}
	}
	action := previewPart{}
	roundEnd := previewPart{Label: lang.T("preview.round_ends", lang.S("era", eraWords(before.Era.String())), lang.N("round", round))}
	era := previewPart{Label: lang.T("preview.era_ends", lang.S("era", eraWords(before.Era.String())))}
	roundEnded, eraScored := false, false
	for _, e := range entries {
		switch e.Kind {
		case engine.LogAction, engine.LogFlip, engine.LogMarket:
			action.Lines = append(action.Lines, e.Text)
		case engine.LogOrder, engine.LogIncome:
			roundEnded = true
			roundEnd.Lines = append(roundEnd.Lines, e.Text)
		case engine.LogScore, engine.LogMaintenance, engine.LogEnd:
			eraScored = true
			era.Lines = append(era.Lines, e.Text)
		}
	}
	if after.Phase == engine.PhaseOver {
		era.Label = lang.T("preview.game_ends")
	}

	// The player's numbers after each part: what the round's end paid and scored is in
	// after.Report (the engine resets it when a round ends), the rest is the action's.
	money, vp := a.Money, a.VP
	var income, removed, vpLost, links, tiles int
	if roundEnded {
		r := &after.Report
		income, removed, vpLost = int(r.Income[p]), int(r.Removed[p]), int(r.VPLost[p])
		if eraScored && r.Scored {
			links, tiles = int(r.LinkVP[p]), int(r.TileVP[p])
		}
	}
	midMoney := money - income - removed
	midVP := vp + vpLost - links - tiles
	action.Facts = factLine(b.Money, midMoney, b.IncomeLevel, a.IncomeLevel, b.VP, midVP, "")
	out := []previewPart{action}
	if roundEnded {
		why := ""
		switch {
		case income > 0:
			why = lang.T("preview.why_income", lang.S("money", kit.Money(income)))
		case income < 0:
			why = lang.T("preview.why_negative", lang.S("money", kit.Money(-income)))
		}
		if removed > 0 {
			why = addNote(why, lang.T("preview.why_removed", lang.S("money", kit.Money(removed))))
		}
		if vpLost > 0 {
			why = addNote(why, lang.T("preview.why_vp_lost", lang.N("n", vpLost)))
		}
		roundEnd.Facts = factLine(midMoney, money, 0, 0, midVP, midVP-vpLost, why)
		out = append(out, roundEnd)
	}
	if eraScored {
		why := ""
		if links+tiles > 0 {
			why = lang.T("preview.why_scored", lang.N("links", links), lang.N("tiles", tiles))
		}
		era.Facts = factLine(0, 0, 0, 0, midVP-vpLost, vp, why)
		out = append(out, era)
	}
	return out
}

// factLine writes "Money £17 → £5, income 2 → 4, VP 3 → 5 (why)." leaving out what does
// not change; "" when nothing does.
func factLine(m0, m1, i0, i1, v0, v1 int, why string) string {
	var parts []string
	if m0 != m1 {
		parts = append(parts, lang.T("preview.money", lang.S("from", kit.Money(m0)), lang.S("to", kit.Money(m1))))
	}
	if i0 != i1 {
		parts = append(parts, lang.T("preview.income", lang.S("from", kit.Money(i0)), lang.S("to", kit.Money(i1))))
	}
	if v0 != v1 {
		parts = append(parts, lang.T("preview.vp", lang.N("from", v0), lang.N("to", v1)))
	}
	if len(parts) == 0 {
		return ""
	}
	s := parts[0]
	for _, x := range parts[1:] {
		s += ", " + x
	}
	if why != "" {
		return lang.T("preview.facts_why", lang.S("facts", s), lang.S("why", why))
	}
	return lang.T("preview.facts", lang.S("facts", s))
}

// renderPreview draws a move's summary: its parts, or the draw, its table of tiles and
// then what follows the sale.
func renderPreview(mp movePreview) goapp.UI {
	body := renderParts(mp.Parts, false)
	if mp.Draw != "" {
		body = append(body, goapp.P().Class("gs-draw").Text(kit.Typeset(mp.Draw)), renderDraws(mp.Tiles))
	}
	for _, t := range mp.Then {
		var sec []goapp.UI
		if t.Label != "" {
			sec = append(sec, goapp.H3().Class("gs-part-label gs-case-label").Text(kit.Typeset(t.Label)))
		}
		sec = append(sec, renderParts(t.Parts, true)...)
		if t.Varies {
			sec = append(sec, goapp.P().Class("gs-facts").Text(lang.T("preview.varies")))
		}
		body = append(body, goapp.Div().Class("gs-then").Body(sec...))
	}
	return goapp.Div().ID("summary").Class("gs-summary").Body(body...)
}

// renderDraws is the small table of what each kind of face-down tile would do.
func renderDraws(rows []drawRow) goapp.UI {
	trs := make([]goapp.UI, 0, len(rows))
	for _, r := range rows {
		cls := "gs-draw-row"
		if r.Fails {
			cls += " gs-draw-fails"
		}
		trs = append(trs, goapp.Tr().Class(cls).Body(
			goapp.Th().Scope("row").Text("−"+strconv.Itoa(r.Drop)),
			goapp.Td().Text(lang.T("preview.tiles_of", lang.N("n", r.Tiles), lang.N("of", r.Of))),
			goapp.Td().Text(r.Demand),
			goapp.Td().Text(r.Income),
		))
	}
	return goapp.Table().ID("draws").Class("gs-draws").Body(
		goapp.Caption().Text(lang.T("preview.caption")),
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Scope("col").Text(lang.T("preview.col_tile")),
			goapp.Th().Scope("col").Text(lang.T("preview.col_face_down")),
			goapp.Th().Scope("col").Text(lang.T("preview.col_demand")),
			goapp.Th().Scope("col").Text(lang.T("preview.col_income")),
		)),
		goapp.TBody().Body(trs...),
	)
}

// renderParts draws the labelled parts of one outcome.
// after: the parts follow something drawn above them (a draw's table).
func renderParts(parts []previewPart, after bool) []goapp.UI {
	var body []goapp.UI
	for i, part := range parts {
		var lines []goapp.UI
		for _, l := range part.Lines {
			lines = append(lines, goapp.Li().Text(kit.Typeset(l)))
		}
		sec := []goapp.UI{}
		if part.Label != "" {
			sec = append(sec, goapp.H3().Class("gs-part-label").Text(part.Label))
		}
		if len(lines) > 0 {
			sec = append(sec, goapp.Ul().Body(lines...))
		}
		if part.Facts != "" {
			sec = append(sec, goapp.P().Class("gs-facts").Text(part.Facts))
		}
		cls := "gs-part"
		if i > 0 || after {
			cls += " gs-part-after"
		}
		body = append(body, goapp.Div().Class(cls).Body(sec...))
	}
	return body
}
