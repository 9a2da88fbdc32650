package tutorial

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"brass/engine"
)

// rulebook is the repository's copy of the Birmingham rules, without its emphasis marks.
func rulebook(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../docs/birmingham-rulebook.md")
	if err != nil {
		t.Fatalf("the rulebook the steps quote: %v", err)
	}
	return normalize(string(b))
}

func normalize(s string) string {
	s = strings.ReplaceAll(s, "*", "")
	return strings.Join(strings.Fields(s), " ")
}

// mentions are the names a step's words must contain for its move: what the player is asked
// to build, link, sell or discard, so a deal or rules change that alters the move shows.
func mentions(st *engine.State, m engine.Move) []string {
	ed := st.Edition()
	town := func(space string) string {
		sp, _ := ed.SpaceByID(space)
		return ed.Locations[ed.Spaces[sp].Location].Name
	}
	card := func(id string) string {
		k, _ := ed.CardByID(id)
		return ed.Cards[k].Name
	}
	industry := func(id string) string {
		ind, _ := engine.IndustryByID(id)
		return ind.Name()
	}
	var out []string
	switch m.Type {
	case "build":
		out = append(out, card(m.Card), industry(m.Industry), town(m.Space))
	case "network":
		for _, id := range m.Links {
			l, _ := ed.LinkByID(id)
			out = append(out, ed.LinkName(l))
		}
	case "scout":
		out = append(out, card(m.Card))
		for _, c := range m.Cards {
			out = append(out, card(c))
		}
	case "develop":
		for _, d := range m.Develop {
			out = append(out, industry(d))
		}
	case "sell":
		sp, _ := ed.SpaceByID(m.Space)
		ms, _ := ed.MerchantSpaceByID(m.Merchant)
		out = append(out, st.Tiles[sp].Industry.Name(), town(m.Space), ed.Locations[ed.MerchantSpaces[ms].Location].Name)
	case "loan":
		out = append(out, "loan", card(m.Card))
	}
	return out
}

// validGlow reports whether id is something the board can make glow.
func validGlow(ed *engine.Edition, id string) bool {
	_, space := ed.SpaceByID(id)
	_, link := ed.LinkByID(id)
	_, merchant := ed.MerchantSpaceByID(id)
	return space || link || merchant || id == "coal_market" || id == "iron_market"
}

// TestScriptReplays plays the tutorial on the engine with its seed, step by step as the
// screen shows them: every move is legal when its step comes and is its player's, every
// step's words name what its move does and hold in the position, every quote is the
// rulebook's, and every glow is on the board. A rules, deck or data change that breaks the
// script fails here, naming the step.
func TestScriptReplays(t *testing.T) {
	s := Birmingham
	rules := rulebook(t)
	g, err := engine.NewGame(s.Config)
	if err != nil {
		t.Fatalf("the tutorial's game cannot be set up: %v", err)
	}
	read := 0
	for i, step := range s.Steps {
		name := func() string { return fmt.Sprintf("step %d (%s)", i, step.Title) }
		if step.Title == "" || step.Say == "" {
			t.Errorf("%s: a step needs a title and words", name())
		}
		if n := strings.Count(step.Say, ". ") + 1; n > 3 || len(step.Say) > 330 {
			t.Errorf("%s: %d sentences, %d characters: a step says a sentence or two", name(), n, len(step.Say))
		}
		if step.Rule != "" && !strings.Contains(rules, normalize(step.Rule)) {
			t.Errorf("%s: the rulebook does not say %q", name(), step.Rule)
		}
		if pos := s.At(read, g.Moves()); pos.Step != i || pos.Off {
			t.Fatalf("%s: the screen would show step %d (off the script: %v)", name(), pos.Step, pos.Off)
		}
		st := g.State()
		if step.Check != nil {
			if msg := step.Check(st); msg != "" {
				t.Errorf("%s: %s", name(), msg)
			}
		}
		if step.Move == nil {
			for _, id := range step.Glow {
				if !validGlow(st.Edition(), id) {
					t.Errorf("%s: %q is not on the board", name(), id)
				}
			}
			read = i + 1
			continue
		}
		m := *step.Move
		if len(step.Glow) > 0 {
			t.Errorf("%s: a move's step glows what the builder asks, not Glow", name())
		}
		if actor := st.Actor(); actor != m.Player {
			t.Fatalf("%s: the script has %s move, but it is %s's turn", name(), st.Name(m.Player), st.Name(actor))
		}
		legal := false
		for _, l := range g.LegalMoves() {
			legal = legal || Same(l, m)
		}
		if !legal {
			why := "it is not in the engine's list of legal moves in that exact form (every source named)"
			if err := g.Check(m); err != nil {
				why = err.Error()
			}
			t.Fatalf("%s: %s is not legal: %s", name(), m, why)
		}
		if m.Player == Player {
			for _, w := range mentions(st, m) {
				if !strings.Contains(strings.ToLower(step.Say), strings.ToLower(w)) {
					t.Errorf("%s: the words do not name %q, which the move uses: %q", name(), w, step.Say)
				}
			}
		}
		if err := g.Apply(m); err != nil {
			t.Fatalf("%s: %v", name(), err)
		}
	}
	if pos := s.At(read, g.Moves()); pos.Step != len(s.Steps) {
		t.Errorf("after the last step the screen would show step %d", pos.Step)
	}
	if g.Over() {
		t.Errorf("the game is over at the end of the script: nothing is left to play")
	}
}

// TestScriptTeachesEveryAction: the player makes each action of the game at least once.
func TestScriptTeachesEveryAction(t *testing.T) {
	made := map[string]bool{}
	for _, st := range Birmingham.Steps {
		if st.Move != nil && st.Move.Player == Player {
			made[st.Move.Type] = true
		}
	}
	for _, typ := range []string{"build", "network", "develop", "sell", "loan", "scout"} {
		if !made[typ] {
			t.Errorf("the player never makes a %s", typ)
		}
	}
}

// TestReadingHoldsTheTutor: a step to read just before a Tutor's move (the turn order at round
// 4) is Reading until it is read, so the screen holds the Tutor's move; read, it is not.
func TestReadingHoldsTheTutor(t *testing.T) {
	s := Birmingham
	held, k := 0, 0
	for i, st := range s.Steps {
		if st.Move != nil {
			k++
			continue
		}
		if i+1 >= len(s.Steps) || s.Steps[i+1].Move == nil || s.Steps[i+1].Move.Player == Player {
			continue
		}
		moves := s.Moves()[:k]
		if !s.Reading(i, moves) {
			t.Errorf("step %d (%s) is not Reading while unread", i, st.Title)
		}
		if s.Reading(i+1, moves) {
			t.Errorf("step %d (%s) is still Reading once read", i, st.Title)
		}
		held++
	}
	if held == 0 {
		t.Fatal("no step to read comes just before a Tutor's move")
	}
}
