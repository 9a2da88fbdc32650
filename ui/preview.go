package ui

// The summary of a determined move before it is confirmed: what the action itself does,
// then, as separate labelled parts, what the end of the round and the end of the era do
// when this move ends them. engine.Game.Preview gives the log entries and the state after;
// the entries are split by kind, and the money and VP of each part come from the round
// report the engine wrote (what the round's end paid and scored).
//
// The summary must not reveal what is hidden, or Back would let the player try again
// knowing it: a sale to the Distant Market says that a face-down tile will be drawn and
// what each tile still face down would do (Preview gives one outcome per kind of tile).

import (
	"strconv"

	"brass/engine"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// previewPart is one labelled part of a move's summary.
type previewPart struct {
	Label string   // "" for the action itself
	Lines []string // the engine's log lines
	Facts string   // the acting player's money, income and VP before → after this part; "" if unchanged
}

// movePreview is a move's summary: the parts of its one outcome, or, for a move that turns
// over a face-down Distant Market tile, a sentence saying so and the parts of each tile's
// outcome.
type movePreview struct {
	Draw  string // "" unless the move draws a face-down tile
	Cases []previewCase
}

// previewCase is one way the move can turn out; Label says which ("" when there is one).
type previewCase struct {
	Label string
	Parts []previewPart
}

// summarize makes a move's summary from the outcomes engine.Game.Preview returned for it
// in the state before.
func summarize(before *engine.State, outcomes []engine.Outcome) movePreview {
	var mp movePreview
	for i := range outcomes {
		o := &outcomes[i]
		c := previewCase{Parts: previewParts(before, &o.After, o.Entries)}
		if o.Draw != nil {
			mp.Draw = drawSentence(before)
			c.Label = "If the tile shows −" + strconv.Itoa(o.Draw.Drop) + " (" + strconv.Itoa(o.Tiles) + " of the " +
				strconv.Itoa(int(before.DistantLeft)) + " tiles):"
		}
		mp.Cases = append(mp.Cases, c)
	}
	return mp
}

// drawSentence says, before a sale to the Distant Market, that its top tile will be drawn
// and what a tile does, without saying which tile it is (no one knows until the sale).
func drawSentence(before *engine.State) string {
	left := int(before.DistantLeft)
	tiles := strconv.Itoa(left) + " tiles are"
	if left == 1 {
		tiles = "1 tile is"
	}
	return "When you confirm, the top Distant Market tile is drawn: no one knows which it is, " + tiles +
		" face down. The cotton demand marker, now on space " + strconv.Itoa(int(before.Demand)+1) +
		", moves down as many spaces as the tile shows; if it reaches X, the sale fails. What each tile would do:"
}

// previewParts splits a previewed move's log into the action's own effects, the end of
// the round and the end of the era (or game), and computes the acting player's changes
// for each. before is the state the move is made in, after the state Preview returned.
func previewParts(before, after *engine.State, entries []engine.LogEntry) []previewPart {
	p := before.Actor()
	if p < 0 {
		return nil
	}
	b := &before.Players[p]
	a := &after.Players[p]
	if before.Phase == engine.PhaseShortfall {
		// Removing a tile is itself part of paying the round's income.
		label := "Paying negative income at the end of " + before.Era.String() + " round " + strconv.Itoa(int(before.Round)) + ":"
		if before.Report.IncomeAfterScoring {
			// The original Lancashire rules: the income is the Rail Era's first step.
			label = "Paying negative income at the start of the " + before.Era.String() + ", after the Canal Era's scoring:"
		}
		part := previewPart{Label: label}
		for _, e := range entries {
			if e.Kind != engine.LogRound && e.Kind != engine.LogEra && e.Kind != engine.LogDraw {
				part.Lines = append(part.Lines, e.Text)
			}
		}
		part.Facts = factLine(int(b.Money), int(a.Money), 0, 0, int(b.VP), int(a.VP), "")
		return []previewPart{part}
	}
	action := previewPart{}
	round := previewPart{Label: "Then " + before.Era.String() + " round " + strconv.Itoa(int(before.Round)) + " ends:"}
	era := previewPart{Label: "Then the " + before.Era.String() + " ends:"}
	roundEnded, eraScored := false, false
	for _, e := range entries {
		switch e.Kind {
		case engine.LogAction, engine.LogFlip, engine.LogMarket:
			action.Lines = append(action.Lines, e.Text)
		case engine.LogOrder, engine.LogIncome:
			roundEnded = true
			round.Lines = append(round.Lines, e.Text)
		case engine.LogScore, engine.LogMaintenance, engine.LogEnd:
			eraScored = true
			era.Lines = append(era.Lines, e.Text)
		}
	}
	if after.Phase == engine.PhaseOver {
		era.Label = "Then the game ends:"
	}

	// The player's numbers after each part: what the round's end paid and scored is in
	// after.Report (the engine resets it when a round ends), the rest is the action's.
	money, vp := int(a.Money), int(a.VP)
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
	action.Facts = factLine(int(b.Money), midMoney, before.IncomeLevel(p), after.IncomeLevel(p), int(b.VP), midVP, "")
	out := []previewPart{action}
	if roundEnded {
		why := ""
		switch {
		case income > 0:
			why = kit.Money(income) + " income"
		case income < 0:
			why = kit.Money(-income) + " negative income paid"
		}
		if removed > 0 {
			why = addNote(why, "tiles removed for "+kit.Money(removed))
		}
		if vpLost > 0 {
			why = addNote(why, strconv.Itoa(vpLost)+" VP lost for the shortfall")
		}
		round.Facts = factLine(midMoney, money, 0, 0, midVP, midVP-vpLost, why)
		out = append(out, round)
	}
	if eraScored {
		why := ""
		if links+tiles > 0 {
			why = strconv.Itoa(links) + " VP for links, " + strconv.Itoa(tiles) + " VP for flipped tiles"
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
		parts = append(parts, "Money "+kit.Money(m0)+" → "+kit.Money(m1))
	}
	if i0 != i1 {
		parts = append(parts, "income "+kit.Money(i0)+" → "+kit.Money(i1))
	}
	if v0 != v1 {
		parts = append(parts, "VP "+strconv.Itoa(v0)+" → "+strconv.Itoa(v1))
	}
	if len(parts) == 0 {
		return ""
	}
	s := parts[0]
	for _, x := range parts[1:] {
		s += ", " + x
	}
	if why != "" {
		s += " (" + why + ")"
	}
	return s + "."
}

// renderPreview draws a move's summary: its parts, or the draw and each tile's case.
func renderPreview(mp movePreview) goapp.UI {
	var body []goapp.UI
	if mp.Draw != "" {
		body = append(body, goapp.P().Class("gs-draw").Text(kit.Typeset(mp.Draw)))
	}
	for _, c := range mp.Cases {
		parts := renderParts(c.Parts)
		if c.Label == "" {
			body = append(body, parts...)
			continue
		}
		label := goapp.H3().Class("gs-part-label gs-case-label").Text(kit.Typeset(c.Label))
		body = append(body, goapp.Div().Class("gs-case").Body(append([]goapp.UI{label}, parts...)...))
	}
	return goapp.Div().ID("summary").Class("gs-summary").Body(body...)
}

// renderParts draws the labelled parts of one outcome.
func renderParts(parts []previewPart) []goapp.UI {
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
		if i > 0 {
			cls += " gs-part-after"
		}
		body = append(body, goapp.Div().Class(cls).Body(sec...))
	}
	return body
}
