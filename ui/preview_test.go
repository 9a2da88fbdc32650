package ui

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/kit"
)

// firstCardMove is the legal move of a type with the first card offered.
func firstCardMove(t *testing.T, g *engine.Game, typ string) engine.Move {
	t.Helper()
	for _, m := range g.LegalMoves() {
		if m.Type == typ {
			return m
		}
	}
	t.Fatalf("no legal %s", typ)
	return engine.Move{}
}

func previewOf(t *testing.T, g *engine.Game, m engine.Move) []previewPart {
	t.Helper()
	out, err := g.Preview(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 {
		t.Fatalf("%d outcomes", len(out))
	}
	return previewParts(g.State(), &out[0].After, out[0].Entries)
}

func TestPreviewSeparatesTheRoundsEnd(t *testing.T) {
	g, err := engine.NewGame(engine.Config{Edition: "birmingham", Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	// A pass changes no money, income or VP: it says so by saying nothing.
	parts := previewOf(t, g, firstCardMove(t, g, "pass"))
	if len(parts) != 1 || parts[0].Facts != "" || !strings.Contains(strings.Join(parts[0].Lines, " "), "passes") {
		t.Errorf("pass: %+v", parts)
	}
	for i := 0; i < 2; i++ {
		if err := g.Apply(firstCardMove(t, g, "pass")); err != nil {
			t.Fatal(err)
		}
	}
	// The last action of round 1: a loan, then the round's income, each with its own numbers.
	parts = previewOf(t, g, firstCardMove(t, g, "loan"))
	if len(parts) != 2 {
		t.Fatalf("want the loan and the end of the round, got %+v", parts)
	}
	if got, want := parts[0].Facts, "Money £17 → £47, income £0 → −£3."; got != want {
		t.Errorf("the loan: %q, want %q", got, want)
	}
	if parts[1].Label != "Then Canal Era round 1 ends:" {
		t.Errorf("label %q", parts[1].Label)
	}
	if got, want := parts[1].Facts, "Money £47 → £44 (£3 negative income paid)."; got != want {
		t.Errorf("the round's end: %q, want %q", got, want)
	}
	if !strings.Contains(strings.Join(parts[1].Lines, " "), "Turn order for the next round") {
		t.Errorf("the round's end lists the new turn order: %q", parts[1].Lines)
	}
}

// recordedGame replays a recorded game of engine/testdata.
func recordedGame(t *testing.T, name string) (*engine.Game, engine.Record) {
	t.Helper()
	data, err := os.ReadFile("../engine/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Record engine.Record `json:"record"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	g, err := engine.Replay(f.Record)
	if err != nil {
		t.Fatal(err)
	}
	return g, f.Record
}

func TestPreviewOfTheEndOfAnEra(t *testing.T) {
	full, rec := recordedGame(t, "game-3p.json")
	for _, sn := range full.Snapshots() {
		if !sn.Scored {
			continue
		}
		// The move that ended the era, previewed from just before it.
		g, err := full.At(sn.Move - 1)
		if err != nil {
			t.Fatal(err)
		}
		m := rec.Moves[sn.Move-1]
		p := m.Player
		parts := previewOf(t, g, m)
		last := parts[len(parts)-1]
		if len(parts) < 2 || !strings.HasSuffix(last.Label, "ends:") {
			t.Fatalf("%v: the era's end is not a part of its own: %+v", sn.Era, parts)
		}
		want := "VP " // … → the snapshot's VP, with the links and tiles that make the difference
		if !strings.Contains(last.Facts, want) || !strings.Contains(last.Facts, "→ "+itoa(sn.VP[p])) ||
			!strings.Contains(last.Facts, itoa(sn.LinkVP[p])+" VP for links, "+itoa(sn.TileVP[p])+" VP for flipped tiles") {
			t.Errorf("%v: era facts %q; snapshot VP %d = links %d + tiles %d + before", sn.Era, last.Facts, sn.VP[p], sn.LinkVP[p], sn.TileVP[p])
		}
		if sn.Era == engine.Rail && last.Label != "Then the game ends:" {
			t.Errorf("the last move's label %q", last.Label)
		}
	}
}

func itoa(v int) string { return kit.Int(v) }

// Under the original Lancashire rules the Canal Era's last income is the Rail Era's first step
// (after the scoring): a tile removed to pay it says so, not "the end of round N".
func TestPreviewNamesTheRailEraStartIncome(t *testing.T) {
	g, err := engine.NewGame(engine.Config{Edition: "lancashire", Rules: "original", Players: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	before := *g.State()
	before.Phase, before.Era = engine.PhaseShortfall, engine.Rail
	before.Report.IncomeAfterScoring = true
	parts := previewParts(&before, &before, nil)
	if len(parts) != 1 || !strings.Contains(parts[0].Label, "at the start of the Rail Era, after the Canal Era's scoring") {
		t.Fatalf("label: %+v", parts)
	}
	before.Report.IncomeAfterScoring = false
	if parts := previewParts(&before, &before, nil); !strings.Contains(parts[0].Label, "at the end of Rail Era round") {
		t.Fatalf("label: %+v", parts)
	}
}
