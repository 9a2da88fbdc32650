package bot

import (
	"testing"

	"brass/engine"
)

// TestMediumBorrowsOnlyWhenShort: in Birmingham, where money held scores nothing, Medium
// takes a loan only with less than £20 in hand (profile.loanBelow; issue 43: it borrowed £30
// in each of the first three actions of every 2-player game). As before issue 43 (FreeLoans)
// it borrows with more, which is what the test would catch; in Lancashire, where money
// scores, it still may.
func TestMediumBorrowsOnlyWhenShort(t *testing.T) {
	// loans plays a game of Medium bots and counts their loans, those taken with £20 or
	// more in hand, and those of the Canal Era's first two rounds.
	loans := func(cfg engine.Config, free bool) (all, rich, early int) {
		s, err := engine.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; s.Phase != engine.PhaseOver; i++ {
			p := s.Actor()
			v := s.View(p)
			a, err := Bot{Level: Medium, FreeLoans: free}.Choose(&v, p, uint64(i))
			if err != nil {
				t.Fatal(err)
			}
			if a.Kind == engine.KindLoan {
				all++
				if s.Players[p].Money >= 20 {
					rich++
				}
				if s.Era == engine.Canal && s.Round <= 2 {
					early++
				}
			}
			if err := s.Apply(&a); err != nil {
				t.Fatal(err)
			}
		}
		return all, rich, early
	}
	freeRich := 0
	for _, n := range []int{2, 4} {
		for seed := uint64(1); seed <= 2; seed++ {
			cfg := birmingham(n)
			cfg.Seed = seed
			all, rich, early := loans(cfg, false)
			if rich > 0 || all == 0 {
				t.Errorf("%dp seed %d: %d loans, %d of them with £20 or more in hand", n, seed, all, rich)
			}
			if n == 2 && early >= 3 {
				t.Errorf("2p seed %d: %d loans in the first three actions", seed, early)
			}
			_, r, _ := loans(cfg, true)
			freeRich += r
		}
	}
	if freeRich == 0 {
		t.Error("Medium as before issue 43 (FreeLoans) took no loan with £20 or more in hand: the test sees nothing")
	}
	rich := 0
	for seed := uint64(1); seed <= 2; seed++ {
		_, r, _ := loans(engine.Config{Edition: "lancashire", Players: 2, Seed: seed}, false)
		rich += r
	}
	if rich == 0 {
		t.Error("Lancashire, where money scores: Medium took no loan with £20 or more in hand (the rule is Birmingham's)")
	}
}
