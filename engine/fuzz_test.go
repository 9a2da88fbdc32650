package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzMove feeds arbitrary bytes as a move at positions of a fixture game: the engine must
// never panic, and a refused move must leave the state unchanged.
//
//	go test ./engine -run XXX -fuzz FuzzMove -fuzztime 60s
func FuzzMove(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "game-3p.json"))
	if err != nil {
		f.Fatal(err)
	}
	var fx fixture
	if err := json.Unmarshal(data, &fx); err != nil {
		f.Fatal(err)
	}
	for _, m := range fx.Record.Moves {
		b, _ := json.Marshal(m)
		f.Add(uint8(0), b)
	}
	f.Add(uint8(3), []byte(`{"type":"build","player":0,"card":"nowhere"}`))
	f.Add(uint8(9), []byte(`{"type":"network","links":["a","b","c"]}`))
	f.Add(uint8(1), []byte(`not json`))
	games := map[uint8]*Game{}
	f.Fuzz(func(t *testing.T, at uint8, data []byte) {
		n := int(at) % (len(fx.Record.Moves) + 1)
		g, ok := games[uint8(n)]
		if !ok {
			rec := fx.Record
			rec.Moves = rec.Moves[:n]
			g, _ = Replay(rec)
			games[uint8(n)] = g
		}
		before := g.Hash()
		m, err := ParseMove(data)
		if err != nil {
			return
		}
		c := *g
		c.moves = append([]Move(nil), g.moves...)
		c.log = append([]LogEntry(nil), g.log...)
		if err := c.Apply(m); err != nil {
			if c.Hash() != before || len(c.moves) != len(g.moves) {
				t.Fatalf("refused move %s changed the game", data)
			}
			return
		}
		if err := c.State().CheckInvariants(); err != nil {
			t.Fatalf("accepted move %s broke an invariant: %v", data, err)
		}
	})
}

// FuzzRecord feeds arbitrary bytes as a saved game: parsing and replaying must never panic,
// and a replay that fails keeps a valid prefix.
func FuzzRecord(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "game-*.json"))
	for _, file := range files {
		data, _ := os.ReadFile(file)
		var fx fixture
		if json.Unmarshal(data, &fx) == nil {
			b, _ := json.Marshal(fx.Record)
			f.Add(b)
		}
	}
	f.Add([]byte(`{"format":1,"config":{"edition":"birmingham","players":5,"seed":1},"moves":[]}`))
	f.Add([]byte(`{"format":99}`))
	f.Add([]byte(`{"format":1,"config":{"edition":"birmingham","players":2,"seed":1},"moves":[{"type":"pass","player":7}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := ParseRecord(data)
		if err != nil {
			return
		}
		if len(rec.Moves) > 400 {
			rec.Moves = rec.Moves[:400]
		}
		g, err := Replay(rec)
		if g == nil {
			return
		}
		if err := g.State().CheckInvariants(); err != nil {
			t.Fatalf("replayed prefix is inconsistent: %v", err)
		}
	})
}
