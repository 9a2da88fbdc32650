package engine

// Game is a game in progress: its config, the moves applied so far, the current state and
// the log. It is the entry point for the UI, storage and network sync; bots may work on
// State values directly for speed.
type Game struct {
	cfg    Config
	state  State
	moves  []Move
	log    []LogEntry
	points []Snapshot
	// A dealt game's cards dealt, and what the deal showed it.
	draws   []Draw
	reveals []Reveal
	// ended is the round whose snapshot waits for its income's shortfall to be paid (Round
	// 0: none); with Rules.IncomeStartsRound that income may follow the round's era change.
	ended struct {
		era   Era
		round int
	}
	// drawn are the Distant Market tiles turned over since the last snapshot (Lancashire).
	drawn []DistantDraw
}

// DistantDraw is a Distant Market tile a sale turned over: who sold, the tile's drop and
// the cotton demand marker's space after it (len(Edition.DemandBonus) is X: the sale failed).
type DistantDraw struct {
	Player int `json:"player"`
	Drop   int `json:"drop"`
	Demand int `json:"demand"`
}

// Snapshot is the players' VP, income level and money at the start of the game and after
// each round, for end-of-round summaries and charts.
type Snapshot struct {
	Era    Era   `json:"era"`
	Round  int   `json:"round"` // the round that just ended (0 at the start)
	Move   int   `json:"move"`  // moves applied when it was taken
	VP     []int `json:"vp"`
	Income []int `json:"income"` // income levels
	Money  []int `json:"money"`
	// What the end of the round did (empty in the first snapshot); see RoundReport.
	Order      []int `json:"order"` // turn order for the next round
	Spent      []int `json:"spent"`
	IncomePaid bool  `json:"income_paid"`
	Taken      []int `json:"taken"` // income taken (+) or paid (−)
	Removed    []int `json:"removed"`
	VPLost     []int `json:"vp_lost"`
	Scored     bool  `json:"scored"`
	LinkVP     []int `json:"link_vp"`
	TileVP     []int `json:"tile_vp"`
	// The introductory game's extra scoring, in the snapshot after the Canal Era only.
	Introductory bool  `json:"introductory,omitempty"`
	MoneyVP      []int `json:"money_vp,omitempty"`
	IncomeVP     []int `json:"income_vp,omitempty"`
	TileVPAgain  []int `json:"tile_vp_again,omitempty"`
	// FinalMoneyVP: VP for money at the end of the game (Lancashire), in the last snapshot.
	FinalMoneyVP []int `json:"final_money_vp,omitempty"`
	// IncomeAfterScoring: the income was the Rail Era's first step, after the Canal Era's
	// scoring (the original Lancashire), in the snapshot after the Canal Era's last round.
	IncomeAfterScoring bool `json:"income_after_scoring,omitempty"`
	// Distant: the Distant Market tiles turned over during the round, in order (Lancashire).
	Distant []DistantDraw `json:"distant,omitempty"`
}

func (g *Game) snapshot(era Era, round int) Snapshot {
	s := &g.state
	n := int(s.NumPlayers)
	sn := Snapshot{Era: era, Round: round, Move: len(g.moves), VP: make([]int, n), Income: make([]int, n), Money: make([]int, n)}
	for p := 0; p < n; p++ {
		sn.VP[p], sn.Income[p], sn.Money[p] = int(s.Players[p].VP), s.IncomeLevel(p), int(s.Players[p].Money)
	}
	if round == 0 {
		return sn
	}
	sn.Distant, g.drawn = g.drawn, nil
	r := &s.Report
	ints := func(a [MaxPlayers]int32) []int {
		out := make([]int, n)
		for p := range out {
			out[p] = int(a[p])
		}
		return out
	}
	sn.Order = make([]int, n)
	for i := range sn.Order {
		sn.Order[i] = int(s.Order[i])
	}
	sn.Spent, sn.Taken, sn.Removed, sn.VPLost = ints(r.Spent), ints(r.Income), ints(r.Removed), ints(r.VPLost)
	sn.IncomePaid, sn.Scored, sn.IncomeAfterScoring = r.IncomePaid, r.Scored, r.IncomeAfterScoring
	sn.LinkVP, sn.TileVP = ints(r.LinkVP), ints(r.TileVP)
	if s.ed.Rules.MoneyVPPer > 0 && s.Phase == PhaseOver {
		sn.FinalMoneyVP = ints(r.FinalMoneyVP)
	}
	if r.Introductory {
		sn.Introductory = true
		sn.MoneyVP, sn.IncomeVP, sn.TileVPAgain = ints(r.MoneyVP), ints(r.IncomeVP), ints(r.TileVPAgain)
	}
	return sn
}

// Snapshots returns the snapshot at the start and one after every round played so far.
func (g *Game) Snapshots() []Snapshot { return g.points }

// NewGame sets up a game from its config.
func NewGame(cfg Config) (*Game, error) {
	var draws *[]Draw
	if cfg.Dealt {
		draws = new([]Draw)
	}
	s, err := newState(cfg, draws)
	if err != nil {
		return nil, err
	}
	cfg.Names = append([]string(nil), cfg.Names...)
	g := &Game{cfg: cfg, state: *s}
	if draws != nil {
		g.draws = *draws
	}
	g.points = append(g.points, g.snapshot(Canal, 0))
	start := "The Canal Era begins, round 1."
	if cfg.Introductory {
		start = "The introductory game begins: the Canal Era only, with extra scoring at its end. Round 1."
	}
	g.log = append(g.log, LogEntry{Move: -1, Kind: LogEra, Player: -1, Era: Canal, Round: 1, Text: start})
	order := ""
	for i := 0; i < cfg.Players; i++ {
		if i > 0 {
			order += ", "
		}
		order += s.name(int(s.Order[i]))
	}
	g.log = append(g.log, LogEntry{Move: -1, Kind: LogOrder, Player: -1, Era: Canal, Round: 1, Text: "Turn order: " + order + "."})
	return g, nil
}

// Config returns the game's config.
func (g *Game) Config() Config { return g.cfg }

// State returns the current state. Treat it as read-only.
func (g *Game) State() *State { return &g.state }

// Moves returns the moves applied so far. Treat the slice as read-only.
func (g *Game) Moves() []Move { return g.moves }

// Log returns the log so far. Treat the slice as read-only.
func (g *Game) Log() []LogEntry { return g.log }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.state.Phase == PhaseOver }

// Apply validates a move and, only if it is legal, performs it, records it and logs it.
func (g *Game) Apply(m Move) error {
	if m.At != nil && *m.At != len(g.moves) {
		return errorf(ErrStale, "This move was made against move %d, but the game is at move %d.", *m.At, len(g.moves))
	}
	a, err := g.state.ed.Decode(m)
	if err != nil {
		return err
	}
	era, round := g.state.Era, int(g.state.Round)
	draw, drawing := g.state.distantTop(&a)
	if g.state.Dealt {
		if err := g.applyDealt(&a); err != nil {
			return err
		}
	} else if err := g.state.applyLogged(&a, &g.log); err != nil {
		return err
	}
	m.At = nil
	g.moves = append(g.moves, m)
	if drawing {
		g.drawn = append(g.drawn, draw)
	}
	g.snapshotEnded(era, round)
	return nil
}

// snapshotEnded takes the snapshot of the round that a move ended (the era or round changed,
// or the game ended) once the income after it is settled: a shortfall still to be paid
// waits, so the snapshot reports the whole income.
func (g *Game) snapshotEnded(era Era, round int) {
	s := &g.state
	if g.ended.round == 0 && (s.Era != era || int(s.Round) != round || s.Phase == PhaseOver) {
		g.ended.era, g.ended.round = era, round
	}
	if g.ended.round != 0 && s.Phase != PhaseShortfall {
		g.points = append(g.points, g.snapshot(g.ended.era, g.ended.round))
		g.ended.round = 0
	}
}

// Check reports whether a move is legal now, and why not, without changing anything.
func (g *Game) Check(m Move) error {
	a, err := g.state.ed.Decode(m)
	if err != nil {
		return err
	}
	t := g.state
	if t.Dealt && t.DistantLeft > 0 && t.Distant[t.DistantLeft-1] == HiddenCard {
		// Whether a sale may be made does not depend on the tile it turns over.
		t.Distant[t.DistantLeft-1] = uint8(t.firstUnseenDistant())
	}
	return t.Apply(&a)
}

// LegalMoves lists every legal move for the player to act (see State.Legal).
func (g *Game) LegalMoves() []Move {
	acts := g.state.Legal(nil)
	out := make([]Move, len(acts))
	for i, a := range acts {
		out[i] = g.state.ed.Encode(a)
	}
	return out
}

// CanUndo reports whether the last move may be taken back: it was made by the player who is
// to act now, and no hidden card has been revealed since (no card was drawn).
func (g *Game) CanUndo() bool {
	n := len(g.moves)
	return n > 0 && g.state.Phase != PhaseOver && int(g.state.Revealed) < n && g.moves[n-1].Player == g.state.Actor() &&
		(len(g.reveals) == 0 || g.reveals[len(g.reveals)-1].Move < n)
}

// Undo takes back the last move by replaying the game without it.
func (g *Game) Undo() error {
	if !g.CanUndo() {
		return errorf(ErrNotAvailable, "The last move cannot be undone: it was not yours, or cards were drawn since.")
	}
	prev, err := Replay(g.prefix(len(g.moves) - 1))
	if err != nil {
		return err
	}
	*g = *prev
	return nil
}

// Record returns the game as a record that replays to the same state.
func (g *Game) Record() Record { return g.prefix(len(g.moves)) }

// prefix is the record of the game's first n moves, with what the deal had shown it by then.
func (g *Game) prefix(n int) Record {
	r := Record{Format: RecordFormat, Config: g.cfg, Moves: append([]Move(nil), g.moves[:n]...)}
	for _, v := range g.reveals {
		if v.Move <= n {
			r.Reveals = append(r.Reveals, v)
		}
	}
	return r
}

// At returns the game as it was after the first n moves (for browsing history).
func (g *Game) At(n int) (*Game, error) {
	if n < 0 || n > len(g.moves) {
		return nil, errorf(ErrMalformed, "There is no move %d in this game of %d moves.", n, len(g.moves))
	}
	return Replay(g.prefix(n))
}

// Hash is the state hash after the last move (see State.Hash). A dealt game hashes what
// every player can see (its View for a spectator), which every honest device agrees on.
func (g *Game) Hash() uint64 {
	if g.state.Dealt {
		v := g.state.View(-1)
		return v.Hash()
	}
	return g.state.Hash()
}

// GameFromState wraps a position made by hand (tests, puzzles) in a Game with an empty
// history. Such a game cannot be replayed from its config; it is for scenarios.
func GameFromState(s *State) *Game {
	g := &Game{cfg: Config{Edition: s.ed.ID, Rules: s.ed.RuleSet, Players: int(s.NumPlayers), Introductory: s.Introductory}, state: *s}
	g.points = append(g.points, g.snapshot(s.Era, 0))
	return g
}
