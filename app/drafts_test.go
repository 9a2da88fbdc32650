package app

import (
	"testing"

	"brass/engine"
)

// A game's draft lives and dies with the game: deleting the game deletes its draft, and only
// its own.
func TestDeletingAGameDeletesItsDraft(t *testing.T) {
	store := NewMemoryStore()
	var ids []string
	for i := 0; i < 2; i++ {
		h, err := NewHotseat(store, engine.Config{Edition: "birmingham", Players: 2, Seed: uint64(i + 1)}, DefaultColours(2))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, h.ID())
		if err := SaveDraft(store, h.ID(), map[string]int{"moves": i}); err != nil {
			t.Fatal(err)
		}
	}
	if err := DeleteGame(store, ids[0]); err != nil {
		t.Fatal(err)
	}
	var d map[string]int
	if ok, _ := LoadDraft(store, ids[0], &d); ok {
		t.Error("the deleted game's draft is still there")
	}
	if ok, _ := LoadDraft(store, ids[1], &d); !ok || d["moves"] != 1 {
		t.Errorf("the other game's draft: %v %v", ok, d)
	}
}

// Closing a finished game's final scores is remembered per game, so a reload opens them
// folded; deleting the game forgets it.
func TestFinalScoresSeenRemembered(t *testing.T) {
	store := NewMemoryStore()
	h, err := NewHotseat(store, engine.Config{Edition: "birmingham", Players: 2, Seed: 3}, DefaultColours(2))
	if err != nil {
		t.Fatal(err)
	}
	if FinalScoresSeen(store, h.ID()) {
		t.Fatal("seen before anyone closed them")
	}
	if err := MarkFinalScoresSeen(store, h.ID()); err != nil {
		t.Fatal(err)
	}
	if !FinalScoresSeen(store, h.ID()) || FinalScoresSeen(store, "another-game") {
		t.Error("seen is not remembered for this game alone")
	}
	if err := DeleteGame(store, h.ID()); err != nil {
		t.Fatal(err)
	}
	if FinalScoresSeen(store, h.ID()) {
		t.Error("a deleted game's final scores are still marked seen")
	}
}

// The online profile is remembered, and a damaged one is as good as none.
func TestProfileRemembered(t *testing.T) {
	store := NewMemoryStore()
	if _, ok := LoadProfile(store); ok {
		t.Fatal("a profile before any was saved")
	}
	if err := SaveProfile(store, Profile{Name: "Ada", Colour: "#c0392b"}); err != nil {
		t.Fatal(err)
	}
	if p, ok := LoadProfile(store); !ok || p.Name != "Ada" {
		t.Fatalf("got %+v %v", p, ok)
	}
	_ = store.Set(profileKey, "not a profile")
	if _, ok := LoadProfile(store); ok {
		t.Error("a damaged profile was read")
	}
}
