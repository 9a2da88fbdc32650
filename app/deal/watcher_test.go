package deal

import (
	"errors"
	"testing"
)

// A watcher's deal (issue 42, spectators with hidden cards): it takes every seat's passes
// and keys as a seat does, but makes no pass and holds no key, so it opens a card only once
// every seat, the holder included, has published its key: a card played, never one in a hand.
func TestAWatcherOpensOnlyWhatEverySeatOpened(t *testing.T) {
	cards := testCards(24)
	devs := devices(t, "g/watched", cards, 3, 7)
	w, err := New("g/watched", cards, 3, NoSeat, seeded(7, 9))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 * len(devs) {
		p := makePass(t, devs)
		broadcastPass(t, devs, p)
		if err := w.AcceptPass(p); err != nil {
			t.Fatalf("the watcher refused %s: %v", stepName(p.Step, 3), err)
		}
	}
	if !w.Locked() {
		t.Fatal("the watcher's deal is not locked after every pass")
	}
	for _, call := range []func() error{
		func() error { _, err := w.Shuffle(); return err },
		func() error { _, err := w.Lock(); return err },
		func() error { _, err := w.KeysFor(0); return err },
		func() error { _, err := w.AuditKeys(); return err },
	} {
		if err := call(); !errors.Is(err, ErrRefused) {
			t.Fatalf("a watcher made a pass or gave a key: %v", err)
		}
	}
	// Position 0 dealt to seat 1: the other seats publish their keys for it.
	for _, d := range append(devs, w) {
		if err := d.Give(0, 1); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range []int{0, 2} {
		k, err := devs[s].KeysFor(0)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range append(devs, w) {
			if i != s {
				if err := d.AcceptKeys(k); err != nil && !errors.Is(err, ErrDuplicate) {
					t.Fatal(err)
				}
			}
		}
	}
	if _, _, known, _ := w.Card(0); known {
		t.Fatal("the watcher opened a card in a hand")
	}
	if got := w.Missing(0); len(got) != 1 || got[0] != 1 {
		t.Fatalf("the watcher waits for seats %v, want only the holder's key", got)
	}
	// Played: its holder's key opens it for everyone, the watcher too.
	for _, d := range append(devs, w) {
		if err := d.Open(0); err != nil {
			t.Fatal(err)
		}
	}
	k, err := devs[1].KeysFor(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.AcceptKeys(k); err != nil {
		t.Fatal(err)
	}
	want, _, known, err := devs[1].Card(0)
	if !known || err != nil {
		t.Fatalf("the holder cannot open its own card: %v", err)
	}
	if got, _, known, err := w.Card(0); !known || err != nil || got != want {
		t.Fatalf("the watcher opened the played card as %v (known %v, %v), its holder holds %v", got, known, err, want)
	}
	if len(w.Known()) != 1 {
		t.Fatalf("the watcher can open %d positions, want the one played", len(w.Known()))
	}
}
