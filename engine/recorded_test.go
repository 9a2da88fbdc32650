package engine

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite every edition's recorded files in engine/testdata (fixture games, perft counts, legal-list digests) from the current engine")

// testEdition is one edition and rule set with what the tests record of it in testdata.
type testEdition struct {
	name   string // names its subtests: "lancashire-roxley" → TestPerft/lancashire-roxley-2p
	cfg    Config // Edition and Rules
	title  string // what a fixture's description calls the edition's games
	prefix string // of its fixture files: prefix + game + ".json"
	// games are its recorded whole games (TestFixtures).
	games []fixtureGame
	// perft: exact counts at positions of some of those games (TestPerft).
	perft struct {
		file  string
		games []string // fixtureGame.name
		moves []int    // the positions: after this many moves
	}
	// digest: seeded games at every player count whose legal lists and states are digested
	// (TestLegalDigest), one per policy, the i-th with seed (i+1)·1000 + players.
	digest struct {
		file     string
		policies []string
	}
	// TestSoak plays soakGames()/soakShare random games per player count and checks the
	// whole legal list every legalEvery positions (Lancashire's lists are far longer).
	soakShare, legalEvery int
}

// fixtureGame is one recorded game of an edition: testdata/<prefix><name>.json.
type fixtureGame struct {
	name    string // "2p", "4p-b"
	players int
	seed    uint64
	names   []string
}

// editions are the engine's editions and rule sets: Birmingham, and Lancashire under the
// Roxley and the original (Warfrog) rules. TestFixtures, TestPerft, TestLegalDigest, TestSoak
// and BenchmarkRandomGame4P run over them; `go test ./engine -update` re-records every
// edition's files after a deliberate rules change (TestFixtures runs before TestPerft, as
// their files sort, so the games are recorded before perft counts at their positions).
var editions = func() []testEdition {
	bir := testEdition{name: "birmingham", cfg: Config{Edition: "birmingham"}, title: "game", prefix: "game-",
		games: []fixtureGame{
			{"2p", 2, 2024, []string{"Ada", "Brunel"}},
			{"3p", 3, 1770, []string{"Ada", "Brunel", "Coalbrookdale Kate"}},
			{"4p", 4, 1830, []string{"Ada", "Brunel", "Cort", "Darby"}},
			{"4p-b", 4, 1870, nil},
		},
		soakShare: 1, legalEvery: 5}
	bir.perft.file, bir.perft.games, bir.perft.moves = "perft.json", []string{"2p", "3p", "4p"}, []int{0, 1, 9, 30, 52, 60, 75}
	bir.digest.file = "legal-digest.json"
	bir.digest.policies = []string{"random", "random", "random", "random", "random", "greedy", "greedy", "greedy", "sell", "sell"}

	rox := testEdition{name: "lancashire-roxley", cfg: Config{Edition: "lancashire"}, title: `Brass: Lancashire game (rules "")`, prefix: "game-lancashire-",
		games: []fixtureGame{
			{"2p", 2, 1781, []string{"Arkwright", "Crompton"}},
			{"3p", 3, 1764, []string{"Arkwright", "Crompton", "Hargreaves"}},
			{"4p", 4, 1830, nil},
		},
		soakShare: 5, legalEvery: 7}
	rox.perft.file, rox.perft.games, rox.perft.moves = "perft-lancashire.json", []string{"2p", "4p"}, []int{0, 1, 9, 30, 45, 60}
	rox.digest.file, rox.digest.policies = "legal-digest-lancashire.json", []string{"random", "random", "greedy", "sell"}

	orig := rox
	orig.name, orig.cfg.Rules, orig.title, orig.prefix = "lancashire-original", "original", `Brass: Lancashire game (rules "original")`, "game-lancashire-original-"
	orig.games = []fixtureGame{
		{"3p", 3, 2007, nil},
		{"4p", 4, 1769, []string{"Arkwright", "Crompton", "Hargreaves", "Watt"}},
	}
	orig.perft.games = []string{"3p"}
	return []testEdition{bir, rox, orig}
}()

// file is the testdata file of one of the edition's fixture games.
func (e *testEdition) file(game string) string { return e.prefix + game + ".json" }

// config is the edition's config for n players (seed 0, no names).
func (e *testEdition) config(n int) Config {
	c := e.cfg
	c.Players = n
	return c
}

// playerCounts lists the player counts the edition's rules allow.
func (e *testEdition) playerCounts() []int {
	ed, ok := EditionFor(e.cfg.Edition, e.cfg.Rules)
	if !ok {
		panic("no edition " + e.name)
	}
	var out []int
	for n := ed.Rules.MinPlayers; n <= ed.Rules.MaxPlayers; n++ {
		out = append(out, n)
	}
	return out
}

// golden checks the cases a test computes against those recorded in testdata files (each a
// JSON list of cases, matched by key), or, under -update, collects them and rewrites the
// files. Several editions may record into one file, in the order of editions.
type golden[T comparable] struct {
	key     func(T) string
	planned map[string]int  // cases per file in the table
	got     map[string][]T  // cases computed per file, in order
	want    map[string][]T  // recorded cases per file
	byKey   map[string]T    // recorded cases by file and key
	order   []string        // files in the order first planned
	loaded  map[string]bool // files read
}

func newGolden[T comparable](key func(T) string) *golden[T] {
	return &golden[T]{key: key, planned: map[string]int{}, got: map[string][]T{}, want: map[string][]T{}, byKey: map[string]T{}, loaded: map[string]bool{}}
}

// plan says that n more of the table's cases are recorded in file.
func (g *golden[T]) plan(file string, n int) {
	if _, ok := g.planned[file]; !ok {
		g.order = append(g.order, file)
	}
	g.planned[file] += n
}

// recorded reads file's cases once.
func (g *golden[T]) recorded(t *testing.T, file string) []T {
	t.Helper()
	if !g.loaded[file] {
		g.loaded[file] = true
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		var cases []T
		if err := json.Unmarshal(data, &cases); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		g.want[file] = cases
		for _, c := range cases {
			g.byKey[file+"\x00"+g.key(c)] = c
		}
	}
	return g.want[file]
}

// check compares a computed case with the case of the same key recorded in file (under
// -update it only keeps it for finish).
func (g *golden[T]) check(t *testing.T, file string, c T) {
	t.Helper()
	g.got[file] = append(g.got[file], c)
	if *update {
		return
	}
	g.recorded(t, file)
	switch want, ok := g.byKey[file+"\x00"+g.key(c)]; {
	case !ok:
		t.Errorf("%s records no case %s (got %+v): re-record with -update", file, g.key(c), c)
	case want != c:
		t.Errorf("got %+v, recorded %+v", c, want)
	}
}

// finish rewrites the files under -update, and otherwise checks that they record no case
// the table lacks; each only where all its planned cases ran (-run may have left some out).
func (g *golden[T]) finish(t *testing.T) {
	t.Helper()
	for _, file := range g.order {
		cases := g.got[file]
		if len(cases) == 0 {
			continue
		}
		if len(cases) != g.planned[file] {
			t.Logf("%s: %d of its %d cases ran; not rewritten or compared whole", file, len(cases), g.planned[file])
			continue
		}
		if !*update {
			if n := len(g.recorded(t, file)); n != len(cases) {
				t.Errorf("%s records %d cases, the editions table has %d: re-record with -update", file, n, len(cases))
			}
			continue
		}
		writeJSON(t, file, cases)
	}
}

// writeJSON writes v to testdata/file as indented JSON, as the recorded files are.
func writeJSON(t testing.TB, file string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("testdata", file), append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// at names the edition's case for n players: "lancashire-roxley-3p".
func (e *testEdition) at(n int) string { return fmt.Sprintf("%s-%dp", e.name, n) }
