package ui

import (
	"strconv"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// tieState is a finished 4-player position: Ada and Brunel tie on 50 VP and Ada is ahead on
// income; Darby and Wedgwood tie on 40 VP, income and money and share third place.
func tieState(t *testing.T) *engine.State {
	s := uitest.NewState(t, 4)
	set := func(p, vp, level, money int) {
		s.Players[p].VP = int32(vp)
		s.Players[p].IncomeSpace = uint8(engine.HighestSpace(level))
		s.Players[p].Money = int32(money)
	}
	set(0, 50, 12, 5)
	set(1, 50, 9, 30)
	set(2, 40, 7, 20)
	set(3, 40, 7, 20)
	s.Phase = engine.PhaseOver
	return s
}

func TestFinalScoresOrderAndTieBreaks(t *testing.T) {
	s := tieState(t)
	root := uitest.Render(t, newFinalScores().Standings(s.Standings()).Names(uitest.Names).Colours(uitest.Colours))
	if root.Tag != "div" || !root.HasClass("sum-backdrop") {
		t.Fatalf("root <%s class=%q>", root.Tag, root.Attr["class"])
	}
	dlg := root.First(uitest.Attr("role", "dialog"))
	if dlg == nil || !dlg.Bool("aria-modal") || dlg.Attr["aria-labelledby"] != "final-scores-title" {
		t.Fatal("the final scores must be a labelled modal dialog")
	}
	if root.First(uitest.Attr("id", "final-scores-close")) == nil || root.First(uitest.Attr("id", "final-scores-ok")).Tag != "button" {
		t.Error("no close buttons")
	}
	table := root.First(uitest.Class("sum-final-table"))
	rows := table.First(uitest.Tag("tbody")).All(uitest.Tag("tr"))
	var order, ranks []string
	for _, r := range rows {
		order = append(order, r.Attr["data-player"])
		ranks = append(ranks, r.Attr["data-rank"])
	}
	if strings.Join(order, ",") != "0,1,2,3" || strings.Join(ranks, ",") != "1,2,3,3" {
		t.Errorf("order %v ranks %v, want players 0,1,2,3 ranked 1,2,3,3", order, ranks)
	}
	if got := rows[0].First(uitest.Class("sum-player")).Text(); got != "Ada" {
		t.Errorf("winner = %q", got)
	}
	if got := rows[2].First(uitest.Class("sum-medal")).Text(); got != "=3rd" {
		t.Errorf("shared place written %q, want =3rd", got)
	}
	// The income cells of Ada and Brunel are marked as the deciding tie-break.
	for _, r := range rows[:2] {
		var marked int
		for _, td := range r.All(uitest.Class("sum-tb")) {
			if strings.Contains(td.Text(), "£") {
				marked++
			}
		}
		if marked != 1 {
			t.Errorf("player %s: %d tie-break cells marked, want the income level", r.Attr["data-player"], marked)
		}
	}
	notes := root.First(uitest.Attr("id", "final-tiebreaks"))
	if notes == nil {
		t.Fatal("no tie-break explanation")
	}
	items := notes.All(uitest.Tag("li"))
	if len(items) != 2 {
		t.Fatalf("tie notes = %d, want 2", len(items))
	}
	if got, want := items[0].Text(), "Ada ranks ahead of Brunel on income level (£12 against £9); both scored 50 VP."; got != want {
		t.Errorf("note 1 = %q\nwant     %q", got, want)
	}
	if got, want := items[1].Text(), "Darby and Wedgwood share 3rd place: equal VP (40), income level (£7) and money (£20)."; got != want {
		t.Errorf("note 2 = %q\nwant     %q", got, want)
	}
	if got := root.First(uitest.Class("sum-sub")).Text(); got != "Ada wins with 50 VP." {
		t.Errorf("headline = %q", got)
	}

	// Money decides when VP and income are equal.
	s.Players[1].IncomeSpace = s.Players[0].IncomeSpace
	root = uitest.Render(t, newFinalScores().Standings(s.Standings()).Names(uitest.Names))
	first := root.First(uitest.Attr("id", "final-tiebreaks")).First(uitest.Tag("li")).Text()
	if want := "Brunel ranks ahead of Ada on money (£30 against £5); both scored 50 VP with income level £12."; first != want {
		t.Errorf("money tie-break = %q\nwant %q", first, want)
	}
	// No tie: no notes.
	s.Players[0].VP, s.Players[2].VP = 60, 45
	if uitest.Render(t, newFinalScores().Standings(s.Standings())).First(uitest.Attr("id", "final-tiebreaks")) != nil {
		t.Error("tie-break notes without a tie")
	}
}

// TestFinalScoresFolded: final scores the players closed before open folded into their
// button (a reload of a finished game must not put them back over the board).
func TestFinalScoresFolded(t *testing.T) {
	s := tieState(t)
	root := uitest.Render(t, newFinalScores().Standings(s.Standings()).Names(uitest.Names).Folded(true))
	if root.Attr["id"] != "final-scores-open" || root.First(uitest.Attr("role", "dialog")) != nil {
		t.Errorf("folded final scores render <%s id=%q>, want only the button", root.Tag, root.Attr["id"])
	}
}

func TestFinalScoresCharts(t *testing.T) {
	g := uitest.NewGame(t, 3)
	uitest.Play(t, g, 3, func(g *engine.Game) bool { return g.State().Era == engine.Rail && g.State().Round >= 2 })
	snaps := g.Snapshots()
	if len(snaps) < 5 {
		t.Fatalf("only %d snapshots", len(snaps))
	}
	root := uitest.Render(t, newFinalScores().Game(g).Names(uitest.Names).Colours(uitest.Colours))
	for _, id := range []string{"chart-vp", "chart-income"} {
		svg := root.First(uitest.Attr("id", id))
		if svg == nil || svg.Tag != "svg" {
			t.Fatalf("no %s chart", id)
		}
		if svg.Attr["role"] != "img" || svg.Attr["aria-labelledby"] != id+"-title" {
			t.Errorf("%s: role %q labelledby %q", id, svg.Attr["role"], svg.Attr["aria-labelledby"])
		}
		if title := svg.First(uitest.Tag("title")); title == nil || title.Text() == "" {
			t.Errorf("%s has no title", id)
		}
		lines := svg.All(uitest.Tag("polyline"))
		if len(lines) != 3 {
			t.Fatalf("%s: %d polylines, want one per player (3)", id, len(lines))
		}
		for p, l := range lines {
			if l.Attr["data-player"] != strconv.Itoa(p) || l.Attr["stroke"] != uitest.Colours[p] {
				t.Errorf("%s line %d: player %q stroke %q", id, p, l.Attr["data-player"], l.Attr["stroke"])
			}
			if pts := strings.Fields(l.Attr["points"]); len(pts) != len(snaps) {
				t.Errorf("%s line %d has %d points, want %d", id, p, len(pts), len(snaps))
			}
		}
		text := svg.Text()
		for _, want := range []string{"Canal Era", "Rail Era", "start", "End of round"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks the label %q", id, want)
			}
		}
	}
}

func TestRoundSummaryFromLog(t *testing.T) {
	g := uitest.NewGame(t, 3)
	uitest.Play(t, g, 4, func(g *engine.Game) bool { return g.State().Round >= 3 })
	r := newRoundSummary().Game(g).Names(uitest.Names).Colours(uitest.Colours)
	d := r.IData
	if d.Era != engine.Canal || d.Round != 2 {
		t.Fatalf("summary of %v round %d, want Canal round 2", d.Era, d.Round)
	}
	// The turn order of round 3 is the state's; spending comes from the log.
	st := g.State()
	for i, l := range d.Lines {
		if l.Pos != i || int(st.Order[i]) != l.Player {
			t.Errorf("line %d: player %d at %d, want player %d", i, l.Player, l.Pos, st.Order[i])
		}
		if !l.IncomePaid {
			t.Errorf("player %d: income not read", l.Player)
		}
		snap := g.Snapshots()[2]
		if l.Money != snap.Money[l.Player] || l.VP != snap.VP[l.Player] || l.Level != snap.Income[l.Player] {
			t.Errorf("player %d: after-round values differ from the snapshot", l.Player)
		}
	}
	root := uitest.Render(t, r)
	if got := root.First(uitest.Class("sum-title")).Text(); got != "Canal Era, round 2 ends" {
		t.Errorf("title = %q", got)
	}
	if n := len(root.First(uitest.Tag("tbody")).All(uitest.Tag("tr"))); n < 3 {
		t.Errorf("rows = %d", n)
	}

}

func TestEraSummaryFromSnapshots(t *testing.T) {
	g := uitest.NewGame(t, 2)
	uitest.Play(t, g, 5, func(g *engine.Game) bool { return g.State().Era == engine.Rail })
	s := newEraSummary().Game(g).Names(uitest.Names).Colours(uitest.Colours)
	d := s.IData
	if d.Era != engine.Canal || len(d.Lines) != 2 {
		t.Fatalf("era %v with %d lines", d.Era, len(d.Lines))
	}
	last := g.Snapshots()[len(g.Snapshots())-1]
	for _, l := range d.Lines {
		if l.Total != last.VP[l.Player] || l.Before+l.Links+l.Tiles != l.Total {
			t.Errorf("player %d: %+v, VP after the era %d", l.Player, l, last.VP[l.Player])
		}
	}
	if d.Lines[0].Total < d.Lines[1].Total {
		t.Error("best total first")
	}
	root := uitest.Render(t, s)
	if got := root.First(uitest.Class("sum-title")).Text(); got != "Canal Era scoring" {
		t.Errorf("title = %q", got)
	}
	if root.First(uitest.Class("sum-maint")) == nil {
		t.Error("the Canal era's maintenance is not explained")
	}
	if len(root.All(uitest.Class("sum-table"))) != 2 {
		t.Error("want the scoring table and the last round's turn order")
	}
}

func TestPassDevice(t *testing.T) {
	revealed := false
	pd := newPassDevice().Name("Darby").Colour("#7b4fb8").OnReveal(func(ctx goapp.Context) { revealed = true })
	root := uitest.Render(t, pd)
	// The cover stands in the hand's place, not over the page: a labelled region, no modal.
	if root.Attr["role"] != "region" || root.Attr["aria-modal"] != "" || !strings.Contains(root.Attr["style"], "#7b4fb8") {
		t.Errorf("cover: role %q modal %q style %q", root.Attr["role"], root.Attr["aria-modal"], root.Attr["style"])
	}
	if got := root.First(uitest.Attr("id", "pass-device-title")).Text(); got != "Pass the device to Darby" {
		t.Errorf("title = %q", got)
	}
	btn := root.First(uitest.Attr("id", "pass-device-reveal"))
	if btn.Tag != "button" || btn.Text() != "I am Darby: show my hand" {
		t.Errorf("button <%s> %q", btn.Tag, btn.Text())
	}
	if root.First(uitest.Class("hand-card")) != nil {
		t.Error("the cover shows no cards")
	}
	pd.reveal(goapp.Context{}, goapp.Event{})
	if !revealed {
		t.Error("OnReveal not called")
	}
}

// TestRoundLineWhyRailStart: under the original Lancashire rules the income after the Canal
// Era's last round is the Rail Era's first step, after the scoring, and the summary says so.
func TestRoundLineWhyRailStart(t *testing.T) {
	l := roundLine{Player: 0, Pos: 0, Spent: 4, Income: 3, IncomePaid: true, RailStart: true, Money: 8, Level: 3, VP: 9}
	if got, want := roundLineWhy(&l, "Ada", true), "Ada spent £4 this round, so goes 1st next round; took £3 income (income level 3) at the start of the Rail Era, after the scoring: money £5 → £8; VP 0 → 9 with the era’s scoring."; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestRoundTableIncomeLevels: the income column writes the level as a level, not an amount
// ("level −9", never "level −£9"), and for a player who could not pay all of a negative
// level it says what was owed beside what was paid (rulebook, Income: "If you have no way
// to pay a shortfall, lose 1 VP (if possible) for each £1 you are short").
func TestRoundTableIncomeLevels(t *testing.T) {
	d := roundData{Era: engine.Rail, Round: 3, Lines: []roundLine{
		{Player: 0, Pos: 0, Income: -8, IncomePaid: true, Level: -9, LevelBefore: -9, Money: 0},
		{Player: 1, Pos: 1, Income: 0, IncomePaid: true, Level: -1, LevelBefore: -1, Money: 0},
		{Player: 2, Pos: 2, Income: 4, IncomePaid: true, Level: 4, LevelBefore: 3, Money: 9},
	}}
	root := uitest.Render(t, roundTable(&d, uitest.Names, uitest.Colours))
	var levels []string
	for _, n := range root.All(uitest.Class("sum-level")) {
		levels = append(levels, n.Text())
	}
	want := []string{"level −9, £9 owed", "level −1, £1 owed", "level 4 (+1)"}
	if strings.Join(levels, "|") != strings.Join(want, "|") {
		t.Errorf("income levels %q, want %q", levels, want)
	}
	if strings.Contains(root.Text(), "level −£") {
		t.Errorf("a level written as money: %s", root.Text())
	}
}

// The final scores and the status bar name the winners in one sentence, shared wins included.
func TestWinnersSentence(t *testing.T) {
	name := func(p int) string { return []string{"Ada", "Brunel", "Kate"}[p] }
	tied := []engine.Standing{{Player: 2, Rank: 1, VP: 80}, {Player: 0, Rank: 1, VP: 80}, {Player: 1, Rank: 3, VP: 60}}
	if got := winnersSentence(tied, name); got != "Kate and Ada share the win with 80 VP." {
		t.Errorf("a shared win: %q", got)
	}
	if got := winnersSentence(tied[1:], name); got != "Ada wins with 80 VP." {
		t.Errorf("one winner: %q", got)
	}
	if got := winnersSentence(nil, name); got != "" {
		t.Errorf("no standings: %q", got)
	}
}

// Issue 43: the Canal Era scoring explains link VP with the edition's own places: Birmingham's
// merchants; Lancashire has none, but its external locations and three towns print icons.
func TestEraScoringNamesTheEditionsLinkPlaces(t *testing.T) {
	bham, _ := engine.EditionFor("birmingham", "")
	lanc, _ := engine.EditionFor("lancashire", "")
	if got := linkExtras(bham); got != "2 for a merchant" {
		t.Errorf("Birmingham: %q", got)
	}
	got := linkExtras(lanc)
	if strings.Contains(got, "merchant") || !strings.Contains(got, "Blackpool") || !strings.Contains(got, "Scotland") {
		t.Errorf("Lancashire: %q", got)
	}
	root := uitest.Render(t, eraWhy(got))
	if strings.Contains(root.Text(), "merchant") {
		t.Errorf("Lancashire's scoring speaks of merchants: %q", root.Text())
	}
}

// Issue 43: a bot's seat named after its bot is not named twice.
func TestThinkingTextNamesABotOnce(t *testing.T) {
	if got := thinkingText("Easy bot 2", "easy"); got != "Easy bot 2 is thinking…" {
		t.Errorf("%q", got)
	}
	if got := thinkingText("Ben", "medium"); got != "Ben (Medium bot) is thinking…" {
		t.Errorf("%q", got)
	}
}

// Issue 43: a recap of moves that touch no place (a loan) does not point at the board.
func TestRecapPointsAtTheBoardOnlyWhenItMarksSomething(t *testing.T) {
	entries := []engine.LogEntry{{Move: 1, Kind: engine.LogAction, Era: engine.Canal, Round: 2, Text: "Ada takes a loan"}}
	if root := uitest.Render(t, newMoveRecap().Entries(entries).Name("Ada")); root.First(uitest.Class("recap-hint")) != nil {
		t.Error("a loan-only recap says what is marked on the board")
	}
	if root := uitest.Render(t, newMoveRecap().Entries(entries).Name("Ada").Marked(true)); root.First(uitest.Class("recap-hint")) == nil {
		t.Error("a recap of marked moves does not say so")
	}
}

// Issue 43: the animation button says whether animation is on, and its look (dimmed, aria-pressed) changes when off.
func TestTheAnimationButtonSaysItsState(t *testing.T) {
	g := &gameScreen{}
	on := uitest.Render(t, g.motionButton())
	g.motion.off = true
	off := uitest.Render(t, g.motionButton())
	if on.Attr["title"] == off.Attr["title"] || !strings.Contains(off.Attr["title"], "off") || off.Bool("aria-pressed") || !on.Bool("aria-pressed") {
		t.Errorf("on %q, off %q ", on.Attr["title"], off.Attr["title"])
	}
}

// TestRoundSummaryTellsTheDistantMarketDraw: the round's summary names the Distant Market
// tile a sale turned over in it, and where it moved the cotton demand marker.
func TestRoundSummaryTellsTheDistantMarketDraw(t *testing.T) {
	g, sale := distantSaleGame(t)
	era, round := g.State().Era, g.State().Round
	if err := g.Apply(sale); err != nil {
		t.Fatal(err)
	}
	var drawn string
	for _, e := range g.Log() {
		if i := strings.Index(e.Text, "the tile shows −"); i >= 0 && e.Move == len(g.Moves())-1 {
			drawn = e.Text[i+len("the tile shows ") : i+len("the tile shows −")+1]
		}
	}
	if drawn == "" {
		t.Fatal("the log does not tell the tile")
	}
	// Play on (stopping sales, then the first legal move) until the round ends.
	for g.State().Era == era && g.State().Round == round && !g.Over() {
		legal := g.LegalMoves()
		m := legal[0]
		for _, l := range legal {
			if l.Type == "end_sell" || l.Type == "pass" {
				m = l
			}
		}
		if err := g.Apply(m); err != nil {
			t.Fatal(err)
		}
	}
	r := newRoundSummary().GameRound(g, era, int(round)).Names(uitest.Names).Colours(uitest.Colours)
	if len(r.IData.Distant) != 1 {
		t.Fatalf("draws %+v, want one", r.IData.Distant)
	}
	note := uitest.Render(t, r).ByID("sum-distant")
	if note == nil {
		t.Fatal("no Distant Market note in the round summary")
	}
	want := uitest.Names[sale.Player] + "’s sale to the Distant Market turned over a tile showing " + drawn
	if !strings.Contains(note.Text(), want) || !strings.Contains(note.Text(), "cotton demand") {
		t.Errorf("the note says %q, want %q", note.Text(), want)
	}
}
