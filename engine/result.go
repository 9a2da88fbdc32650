package engine

import "sort"

// Standing is one player's place in the final (or current) ranking.
type Standing struct {
	Player int `json:"player"`
	VP     int `json:"vp"`
	Income int `json:"income"` // income level, the first tie-break
	Money  int `json:"money"`  // the second tie-break

	Rank int `json:"rank"` // 1 for the winner(s); tied players share a rank
}

// Standings ranks the players by VP, then income level, then money ("Winning the Game");
// players equal in all three share a rank (a draw).
func (s *State) Standings() []Standing {
	n := int(s.NumPlayers)
	out := make([]Standing, n)
	for p := 0; p < n; p++ {
		out[p] = Standing{Player: p, VP: int(s.Players[p].VP), Income: s.IncomeLevel(p), Money: int(s.Players[p].Money)}
	}
	// turn is each player's place in the next round's turn order, the original Brass's last
	// tie-break (Rules.TieBreakTurnOrder).
	var turn [MaxPlayers]int
	for i := 0; i < n; i++ {
		turn[s.Order[i]] = i
	}
	better := func(a, b Standing) bool {
		if a.VP != b.VP {
			return a.VP > b.VP
		}
		if a.Income != b.Income {
			return a.Income > b.Income
		}
		if a.Money != b.Money || !s.ed.Rules.TieBreakTurnOrder {
			return a.Money > b.Money
		}
		return turn[a.Player] < turn[b.Player]
	}
	sort.SliceStable(out, func(i, j int) bool { return better(out[i], out[j]) })
	for i := range out {
		if i > 0 && !better(out[i-1], out[i]) {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// Winners are the players ranked first in standings (more than one when they share the win).
func Winners(st []Standing) []int {
	var out []int
	for _, x := range st {
		if x.Rank == 1 {
			out = append(out, x.Player)
		}
	}
	return out
}

// resultText says who won and how the tie-breaks went.
func (s *State) resultText() string {
	st := s.Standings()
	winners := Winners(st)
	if len(winners) > 1 {
		txt := ""
		for i, p := range winners {
			if i > 0 {
				txt += " and "
			}
			txt += s.name(p)
		}
		return txt + " share the win with " + itoa(st[0].VP) + " VP, equal income and money."
	}
	w := st[0]
	txt := s.name(w.Player) + " wins with " + itoa(w.VP) + " VP"
	if len(st) > 1 && st[1].VP == w.VP {
		switch {
		case st[1].Income != w.Income:
			txt += ", ahead on income (level " + itoa(w.Income) + " against " + itoa(st[1].Income) + ")"
		case st[1].Money != w.Money:
			txt += ", ahead on money (£" + itoa(w.Money) + " against £" + itoa(st[1].Money) + ")"
		default:
			txt += ", ahead in the next round's turn order"
		}
	}
	return txt + "."
}
