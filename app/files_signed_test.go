package app

import (
	"bytes"
	"crypto/rand"
	"strings"
	"testing"

	"brass/app/online"
	"brass/engine"
)

// An online game's export carries its signed moves; importing checks them, and a file whose
// record was changed after the game (one move edited) is refused with the reason.
func TestExportedOnlineGameIsChecked(t *testing.T) {
	store := NewMemoryStore()
	cfg := engine.Config{Edition: "birmingham", Players: 2, Seed: 5, Names: []string{"Ada", "Bo"}}
	var ids []online.Identity
	g := online.Genesis{Game: "g-online", Config: cfg}
	for i := 0; i < 2; i++ {
		id, err := online.NewIdentity(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		g.Keys = append(g.Keys, id.Public())
	}
	l, err := online.NewLedger(g)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 12; i++ {
		m := l.Game().LegalMoves()[0]
		if err := l.Append(ids[m.Player].SignMove(g.Game, l.Next(), m, false), nil); err != nil {
			t.Fatal(err)
		}
	}
	sg := savedGame{ID: g.Game, Colours: DefaultColours(2), Record: l.Game().Record(),
		Online: &onlineMeta{Room: "ABCDEF", Me: "a", Players: []string{"a", "b"}, Keys: g.Keys, Signed: l.Moves()}}
	if err := saveGame(store, sg, l.Game()); err != nil {
		t.Fatal(err)
	}
	data, _, err := ExportGame(store, g.Game)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"signed"`)) {
		t.Fatal("the export has no signatures")
	}
	if _, err := ImportGame(NewMemoryStore(), data); err != nil {
		t.Fatalf("the signed export does not import: %v", err)
	}
	// Move 3 of the record edited: its signature no longer covers it.
	moves := l.Game().Moves()
	edited := strings.Replace(string(data), moves[2].Card, "wild_location", 1)
	if edited == string(data) {
		t.Fatal("the test did not change the file")
	}
	_, err = ImportGame(NewMemoryStore(), []byte(edited))
	if err == nil || !strings.Contains(err.Error(), "signatures do not check out") {
		t.Fatalf("an edited online game was imported: %v", err)
	}
}
