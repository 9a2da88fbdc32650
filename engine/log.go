package engine

import "fmt"

// LogKind classifies log entries so a UI can style them, draw headings and tell an
// action's own effects from what the end of a round or era does.
//
// A move's entries come in cause order. First the move's own line: LogAction (or, for a
// tile removed to pay a shortfall, LogIncome). Then the action's own effects: LogFlip and
// LogMarket entries, and, after a sale with merchant beer, the bonus as a second LogAction
// line. Then what ending the turn does: LogDraw; and, after the last turn of a round,
// LogOrder, LogIncome, LogScore, LogMaintenance, LogEra or LogRound, LogEnd.
type LogKind uint8

// Log entry kinds.
const (
	LogAction      LogKind = iota // a player's action (first line of the move), or a merchant beer bonus it earned
	LogFlip                       // a tile flipped by the action (sold, or its last cube or barrel taken) and income rose
	LogMarket                     // cubes of a newly built coal mine or iron works sold to their market
	LogRound                      // a new round begins (heading)
	LogEra                        // a new era begins (heading)
	LogOrder                      // end of round: the new turn order
	LogIncome                     // end of round: income taken or paid, a shortfall, a tile removed for it
	LogScore                      // end of era: links and flipped tiles scored (and the introductory game's extra scoring)
	LogMaintenance                // end of the Canal Era: obsolete tiles, merchant beer, new deck and hands
	LogDraw                       // end of turn: cards drawn (counts only: hands are secret)
	LogEnd                        // the game is over: the result
)

// LogEntry is one line of the game log. Move is the index of the move that produced it
// (−1 for setup), so a UI can jump from a line to the board at that moment.
type LogEntry struct {
	Move   int     `json:"move"`
	Kind   LogKind `json:"kind"`
	Player int     `json:"player"` // −1 when no player is concerned
	Era    Era     `json:"era"`
	Round  int     `json:"round"`
	Text   string  `json:"text"`
}

// logf appends a formatted entry. Callers check s.log != nil first, so that bots and
// random play, which leave the log off, pay nothing for building the text.
func (s *State) logf(kind LogKind, p int, format string, args ...any) {
	s.addLog(kind, p, fmt.Sprintf(format, args...))
}

// addLog appends an entry when the state is recording a log.
func (s *State) addLog(kind LogKind, p int, text string) {
	if s.log == nil {
		return
	}
	*s.log = append(*s.log, LogEntry{Move: int(s.Moves) - 1, Kind: kind, Player: p, Era: s.Era, Round: int(s.Round), Text: text})
}

// name is a player's name from the config, or "Player N".
func (s *State) name(p int) string {
	if p >= 0 && p < len(s.names) && s.names[p] != "" {
		return s.names[p]
	}
	return "Player " + itoa(p+1)
}

// Name returns a player's display name.
func (s *State) Name(p int) string { return s.name(p) }

var romans = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"}

// tileName is e.g. "Cotton Mill II".
func tileName(ind Industry, level int) string {
	if level >= 0 && level < len(romans) {
		return ind.Name() + " " + romans[level]
	}
	return ind.Name() + " " + itoa(level)
}

// spaceName is e.g. "Birmingham" (or "Birmingham, space 2" where the town has several
// spaces accepting the same industry and the space matters).
func (s *State) spaceName(sp int) string {
	return s.ed.Locations[s.ed.Spaces[sp].Location].Name
}

// spaceLabel names a space precisely: "Birmingham space 2".
func (s *State) spaceLabel(sp int) string {
	id := s.ed.Spaces[sp].ID
	n := 0
	for i := len(id) - 1; i >= 0 && id[i] >= '0' && id[i] <= '9'; i-- {
		n = i
	}
	return s.spaceName(sp) + " space " + id[n:]
}

// linkName is e.g. "Birmingham–Dudley".
func (s *State) linkName(l int) string { return s.ed.LinkName(l) }

// LinkName names a line by the places it joins, e.g. "Birmingham–Dudley". A farm brewery is
// named by its kind, since its location name repeats the town's: "Cannock–Farm Brewery"; on
// the Kidderminster–Worcester line, which passes one, it is added at the end:
// "Kidderminster–Worcester (and the Farm Brewery)".
func (e *Edition) LinkName(l int) string {
	out, farm := "", false
	locs := e.Links[l].Locations
	for i, loc := range locs {
		name := e.Locations[loc].Name
		if e.Locations[loc].Kind == FarmBrewery && i > 0 {
			if len(locs) > 2 {
				farm = true
				continue
			}
			name = "Farm Brewery"
		}
		if out != "" {
			out += "–"
		}
		out += name
	}
	if farm {
		out += " (and the Farm Brewery)"
	}
	return out
}

// merchantName is e.g. "Oxford (merchant 1)".
func (s *State) merchantName(m int) string {
	if m < 0 || m >= len(s.ed.MerchantSpaces) {
		return "a merchant"
	}
	ms := s.ed.MerchantSpaces[m]
	loc := s.ed.Locations[ms.Location]
	if len(loc.MerchantSpaces) == 1 {
		return loc.Name
	}
	for i, x := range loc.MerchantSpaces {
		if x == m {
			return loc.Name + " (merchant " + itoa(i+1) + ")"
		}
	}
	return loc.Name
}

// sourceName describes a coal, iron or beer source: "the coal market", "the merchant beer
// at Oxford", "Ada's Coal Mine II in Dudley" or, for a space without a tile, "Dudley space 1".
func (s *State) sourceName(src int8, what string, merchant int) string {
	switch {
	case src == SrcMarket:
		return "the " + what + " market"
	case src == SrcMerchant && merchant >= 0:
		return "the merchant beer at " + s.merchantName(merchant)
	case src == SrcMerchant:
		return "a merchant's beer (only for a sale to that merchant)"
	case int(src) >= 0 && int(src) < len(s.ed.Spaces):
		t := s.Tiles[src]
		if t.Owner == 0 {
			return s.spaceLabel(int(src))
		}
		return s.name(int(t.Owner)-1) + "'s " + tileName(t.Industry, s.TileSpec(t).Level) + " in " + s.spaceName(int(src))
	}
	return "?"
}

// listSources names a set of sources: "A, B or C", in board order, the market last and the
// merchant beer first.
func (s *State) listSources(o Sources, what string, merchant int) string {
	var names []string
	if o.Has(SrcMerchant) {
		names = append(names, s.sourceName(SrcMerchant, what, merchant))
	}
	for sp := range s.ed.Spaces {
		if o.Has(int8(sp)) {
			names = append(names, s.sourceName(int8(sp), what, merchant))
		}
	}
	if o.Has(SrcMarket) {
		names = append(names, s.sourceName(SrcMarket, what, merchant))
	}
	return joinOr(names)
}

// joinOr is "A", "A or B", "A, B or C".
func joinOr(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			if i == len(names)-1 {
				out += " or "
			} else {
				out += ", "
			}
		}
		out += n
	}
	return out
}

// usingText says where an action's coal, iron and beer came from, for its log line:
// ", using 1 coal from Ada's Coal Mine II in Dudley and 2 iron from the iron market (£3)",
// or "" when it took none. Consecutive units from one source are counted together.
func (s *State) usingText(u *consumed, merchant int) string {
	if u.n == 0 {
		return ""
	}
	var parts []string
	for i := 0; i < int(u.n); {
		j, price := i, 0
		for j < int(u.n) && u.res[j] == u.res[i] && u.src[j] == u.src[i] {
			price += int(u.price[j])
			j++
		}
		what := u.res[i].String()
		part := itoa(j-i) + " " + what + " from "
		switch src := u.src[i]; {
		case src == SrcMarket:
			part += "the " + what + " market (£" + itoa(price) + ")"
		case src == SrcMerchant:
			part += "the merchant at " + s.merchantName(merchant)
		default:
			part += s.sourceName(src, what, merchant)
		}
		parts = append(parts, part)
		i = j
	}
	out := ", using "
	for i, p := range parts {
		if i > 0 {
			if i == len(parts)-1 {
				out += " and "
			} else {
				out += ", "
			}
		}
		out += p
	}
	return out
}
