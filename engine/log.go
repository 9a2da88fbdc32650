package engine

import "fmt"

// LogKind classifies log entries so a UI can style them and draw headings.
type LogKind uint8

// Log entry kinds.
const (
	LogAction      LogKind = iota // a player's action
	LogFlip                       // a tile flipped and income rose
	LogMarket                     // cubes sold to a market
	LogRound                      // a new round begins (heading)
	LogEra                        // a new era begins (heading)
	LogOrder                      // new turn order
	LogIncome                     // income paid or taken
	LogScore                      // end-of-era scoring
	LogMaintenance                // end-of-Canal-era maintenance
	LogDraw                       // cards drawn (counts only: hands are secret)
	LogEnd                        // final result
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

// logf appends an entry when the state is recording a log; bots and random play leave the
// log off, so they pay nothing for the formatting.
func (s *State) logf(kind LogKind, p int, format string, args ...any) {
	if s.log == nil {
		return
	}
	*s.log = append(*s.log, LogEntry{Move: int(s.Moves) - 1, Kind: kind, Player: p, Era: s.Era, Round: int(s.Round), Text: fmt.Sprintf(format, args...)})
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

// LinkName names a line by the towns it joins, e.g. "Birmingham–Dudley" (a farm brewery on
// the Kidderminster–Worcester line is left out of the name).
func (e *Edition) LinkName(l int) string {
	out := ""
	for i, loc := range e.Links[l].Locations {
		if e.Locations[loc].Kind == FarmBrewery && i > 0 {
			continue
		}
		if out != "" {
			out += "–"
		}
		out += e.Locations[loc].Name
	}
	return out
}

// merchantName is e.g. "Oxford (merchant 1)".
func (s *State) merchantName(m int) string {
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

// sourceName describes a coal, iron or beer source.
func (s *State) sourceName(src int8, what string, merchant int) string {
	switch {
	case src == SrcMarket:
		return "the " + what + " market"
	case src == SrcMerchant:
		return "the merchant beer at " + s.merchantName(merchant)
	case src >= 0:
		t := s.Tiles[src]
		if t.Owner == 0 {
			return s.spaceLabel(int(src))
		}
		return s.name(int(t.Owner)-1) + "'s " + tileName(t.Industry, s.TileSpec(t).Level) + " in " + s.spaceName(int(src))
	}
	return "?"
}
