package app

import (
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"brass/engine"
)

// clock is a test clock that advances one second per reading.
type clock struct{ t time.Time }

func newClock() *clock { return &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.t = c.t.Add(time.Second)
	return c.t
}

var threeNames = []string{"Ada", "Brunel", "Kate"}

func newTestGame(t *testing.T, store Store, c *clock) *Hotseat {
	t.Helper()
	h, err := NewHotseat(store, engine.Config{Edition: "birmingham", Players: 3, Seed: 1770, Names: threeNames},
		[]string{"#c0392b", "#e2b714", "#16a085"}, WithClock(c.now))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// play submits n legal moves, picked deterministically from the legal ones.
func play(t *testing.T, s Session, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		legal := s.Game().LegalMoves()
		if len(legal) == 0 {
			t.Fatalf("no legal move after %d moves", len(s.Game().Moves()))
		}
		m := legal[(i*7919)%len(legal)]
		if err := s.Submit(m); err != nil {
			t.Fatalf("move %d %s: %v", i+1, m, err)
		}
	}
}

// checkIndex checks that the stored index lists exactly the stored games, each as its
// summary from a fresh replay says.
func checkIndex(t *testing.T, store *MemoryStore) {
	t.Helper()
	keys, _ := store.Keys(gameKeyPrefix)
	var ids []string
	for _, k := range keys {
		ids = append(ids, strings.TrimPrefix(k, gameKeyPrefix))
	}
	var index []GameSummary
	if _, err := store.Get(indexKey, &index); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range index {
		got = append(got, s.ID)
		sg, err := loadGame(store, s.ID)
		if err != nil {
			t.Errorf("index entry %s: %v", s.ID, err)
			continue
		}
		want := summarizeStored(sg)
		if !reflect.DeepEqual(s, want) {
			t.Errorf("index entry %s is stale:\n got %+v\nwant %+v", s.ID, s, want)
		}
	}
	sort.Strings(got)
	if !reflect.DeepEqual(got, ids) {
		t.Errorf("index lists %v, stored games are %v", got, ids)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
