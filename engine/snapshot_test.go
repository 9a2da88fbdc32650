package engine

import "testing"

// TestSnapshots checks the per-round reports of the fixture games against the rules they
// record: the new turn order is by money spent, least first ("End of Round" 1); income is
// settled after every round but the last ("Take Income"); an era is scored exactly twice,
// after its last round, and its VP match the totals ("End of Canal & Rail Era").
func TestSnapshots(t *testing.T) {
	for _, file := range []string{"game-2p.json", "game-3p.json", "game-4p.json", "game-4p-b.json"} {
		f := loadFixture(t, file)
		g, err := Replay(f.Record)
		if err != nil {
			t.Fatal(err)
		}
		snaps := g.Snapshots()
		n := f.Record.Config.Players
		rounds := g.State().ed.Rules.RoundsPerEra[n]
		if len(snaps) != 1+2*rounds {
			t.Fatalf("%s: %d snapshots, want %d", file, len(snaps), 1+2*rounds)
		}
		scored := 0
		for i, sn := range snaps[1:] {
			for k := 1; k < n; k++ {
				if sn.Spent[sn.Order[k-1]] > sn.Spent[sn.Order[k]] {
					t.Errorf("%s round %v/%d: order %v not by spent %v", file, sn.Era, sn.Round, sn.Order, sn.Spent)
				}
			}
			last := i == len(snaps)-2
			if sn.IncomePaid == last {
				t.Errorf("%s round %v/%d: income paid %v", file, sn.Era, sn.Round, sn.IncomePaid)
			}
			if sn.Scored {
				scored++
				if sn.Round != rounds {
					t.Errorf("%s: scored after round %d", file, sn.Round)
				}
			}
		}
		if scored != 2 {
			t.Errorf("%s: %d eras scored", file, scored)
		}
		final := snaps[len(snaps)-1]
		for p := 0; p < n; p++ {
			if final.VP[p] != int(g.State().Players[p].VP) || final.LinkVP[p]+final.TileVP[p] > final.VP[p] {
				t.Errorf("%s: player %d VP %d, last scoring %d+%d", file, p, final.VP[p], final.LinkVP[p], final.TileVP[p])
			}
		}
	}
}
