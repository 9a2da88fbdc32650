package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"brass/engine/bot"
	"brass/tools/internal/gensource"
)

// TestLearnWritesTheModel: a tiny fit of each rule set gives gofmt'd Go source of package
// bot that registers the model under the rule set's key, for each of its player counts, with
// the command that made it; the report covers every stage and held-out game.
func TestLearnWritesTheModel(t *testing.T) {
	for _, c := range []struct {
		edition, rules, file, key string
		players                   []int
	}{
		{"birmingham", "", "model_birmingham.go", `learnedModels["birmingham"]`, []int{2, 3, 4}},
		{"lancashire", "original", "model_lancashire_original.go", `learnedModels["lancashire/original"]`, []int{3, 4}},
	} {
		const command = "go run ./tools/learn -games 5"
		file, src, fits, err := learn(c.edition, c.rules, 0, 5, FirstSeed, bot.Bot{Level: bot.Easy}, fitOptions{ridge: 0.01}, 2, "", command)
		if err != nil {
			t.Fatal(err)
		}
		if file != c.file {
			t.Errorf("%s: file %s, want %s", c.edition, file, c.file)
		}
		gensource.Check(t, c.edition, "bot", src, c.key, command, "// Rail Era, 7 or more rounds left", "// bias")
		if len(fits) != 8*len(c.players) {
			t.Errorf("%s: %d stages reported, want %d", c.edition, len(fits), 8*len(c.players))
		}
		for _, fit := range fits {
			if fit.Positions == 0 || fit.HeldOut == 0 {
				t.Errorf("%s: %d players, stage %d: %d positions, %d held out", c.edition, fit.Players, fit.Stage, fit.Positions, fit.HeldOut)
			}
		}
	}
	if _, _, _, err := learn("brass", "", 0, 1, FirstSeed, bot.Bot{}, fitOptions{ridge: 0.01}, 1, "", ""); err == nil {
		t.Error("an unknown edition was accepted")
	}
}

// TestLearnOnePlayerCount: -players fits that player count alone; the file keeps the other
// counts' weights as the model in use has them, each with the command that made it.
func TestLearnOnePlayerCount(t *testing.T) {
	const command = "go run ./tools/learn -edition lancashire -players 3 -games 5"
	_, src, fits, err := learn("lancashire", "", 3, 5, FirstSeed, bot.Bot{Level: bot.Easy}, fitOptions{ridge: 0.01}, 2, "", command)
	if err != nil {
		t.Fatal(err)
	}
	for _, fit := range fits {
		if fit.Players != 3 {
			t.Fatalf("a stage of %d players was fitted", fit.Players)
		}
	}
	kept := bot.ModelMadeBy("lancashire", "")
	if kept[2] == "" || kept[4] == "" {
		t.Fatalf("the model in use does not say how it was made: %q", kept)
	}
	gensource.Check(t, "lancashire", "bot", src, `learnedModels["lancashire"]`,
		fmt.Sprintf("2: %q", kept[2]), fmt.Sprintf("3: %q", command), fmt.Sprintf("4: %q", kept[4]))
	for _, n := range []int{1, 5} {
		if _, _, _, err := learn("lancashire", "", n, 1, FirstSeed, bot.Bot{}, fitOptions{ridge: 0.01}, 1, "", ""); err == nil {
			t.Errorf("-players %d was accepted", n)
		}
	}
	if _, _, _, err := learn("lancashire", "original", 2, 1, FirstSeed, bot.Bot{}, fitOptions{ridge: 0.01}, 1, "", ""); err == nil {
		t.Error("-players 2 was accepted for the original rules (3 to 4 players)")
	}
}

// TestPositionsFile: -positions keeps the games' positions, and a second run fits the same
// model from the file; a file of other games, or a corrupt one, is refused with an error.
func TestPositionsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "positions")
	run := func(games int) ([]byte, error) {
		_, src, _, err := learn("birmingham", "", 2, games, FirstSeed, bot.Bot{Level: bot.Easy}, fitOptions{ridge: 0.01}, 2, path, "command")
		return src, err
	}
	played, err := run(5)
	if err != nil {
		t.Fatal(err)
	}
	kept, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the positions were not kept: %v", err)
	}
	fromFile, err := run(5)
	if err != nil {
		t.Fatal(err)
	}
	if string(fromFile) != string(played) {
		t.Error("the model fitted from the file differs from the one fitted to the games played")
	}
	if _, err := run(4); err == nil || !strings.Contains(err.Error(), "other games") {
		t.Errorf("a file of 5 games was taken for 4: %v", err)
	}
	if err := os.WriteFile(path, kept[:len(kept)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := run(5); err == nil {
		t.Error("a cut-short file was fitted")
	}
}
