package dealer

import (
	"errors"
	"fmt"
	"io"

	"brass/app/deal"
	"brass/engine"
)

// Msg is one message a seat broadcasts to every other seat: one pass, one seat's keys, or
// one seat's audit keys for a deal.
type Msg struct {
	From  int             `json:"from"`
	Pass  *deal.Pass      `json:"pass,omitempty"`
	Keys  *deal.Keys      `json:"keys,omitempty"`
	Audit *deal.AuditKeys `json:"audit,omitempty"`
}

// Table is what a dealer knows of its game, as the caller tells it (Update): the edition and
// the number of players, the era, and every card the game has dealt so far by its deck
// position. It is the dealer's own copy: the dealer never reads or changes the caller's game,
// and what it opens for this seat it hands back (Reveals) for the caller to show the game.
type Table struct {
	Edition *engine.Edition
	Players int
	Era     engine.Era
	Draws   []engine.Draw
}

// TableOf is a dealt game's table now (a copy).
func TableOf(g *engine.Game) Table {
	s := g.State()
	return Table{Edition: s.Edition(), Players: int(s.NumPlayers), Era: s.Era, Draws: append([]engine.Draw(nil), g.Draws()...)}
}

// Dealer is one device's side of dealing a dealt game's cards.
type Dealer struct {
	t     Table
	me, n int
	id    string
	rand  io.Reader

	deals   map[string]*deal.Deal
	labels  []string       // the deals in the order they were started
	drawn   int            // the table's draws given out so far
	shown   map[place]bool // this seat's cards handed out to be shown
	tile    *engine.Reveal // the Distant Market tile being turned over, if any
	out     []Msg
	reveals []engine.Reveal                   // what this seat may now show its game
	held    []Msg                             // messages that came before their deal could take them
	audits  map[string]map[int]deal.AuditKeys // per deal, per seat
}

// place is a card's place: its era's deck and its position.
type place struct {
	era engine.Era
	pos int
}

// New starts dealing a dealt game at its setup (its table: no move made yet) as seat me (or
// as a watcher, deal.NoSeat: it makes no pass, publishes no key, and shows only the Distant
// Market tiles turned over; the cards played it checks with CheckPlay): id
// names the game uniquely (it labels every deal); rand is the source of every key and
// permutation (crypto/rand.Reader in play). Send what Outbox returns, show what Reveals
// returns.
func New(t Table, me int, id string, rand io.Reader) (*Dealer, error) {
	switch {
	case t.Edition == nil:
		return nil, errors.New("dealer: no edition")
	case (me < 0 || me >= t.Players) && me != deal.NoSeat:
		return nil, fmt.Errorf("dealer: seat %d of %d", me, t.Players)
	case id == "":
		return nil, errors.New("dealer: no game id")
	}
	for _, w := range t.Draws {
		if w.Move >= 0 {
			return nil, errors.New("dealer: the game has begun")
		}
	}
	d := &Dealer{t: t, me: me, n: t.Players, id: id, rand: rand,
		deals: map[string]*deal.Deal{}, audits: map[string]map[int]deal.AuditKeys{}, shown: map[place]bool{}}
	if err := d.advance(); err != nil {
		return nil, err
	}
	return d, nil
}

// Outbox returns the messages this seat must broadcast, in order, and forgets them.
func (d *Dealer) Outbox() []Msg {
	out := d.out
	d.out = nil
	return out
}

// Update takes the game's table after a move was applied: it gives out the cards the move
// drew, and starts the next era's deals when it ended the Canal Era. Call it after every
// move the game applies.
func (d *Dealer) Update(t Table) error {
	if t.Players != d.n || t.Edition != d.t.Edition || len(t.Draws) < d.drawn {
		return fmt.Errorf("dealer: a table of another game")
	}
	d.t = t
	return d.advance()
}

// Reveals returns what the deal has opened for this seat since last asked, to show the game
// (engine.Game.Reveal), in order: its own cards, and the Distant Market tile being turned
// over; it forgets them.
func (d *Dealer) Reveals() []engine.Reveal {
	out := d.reveals
	d.reveals = nil
	return out
}

// deckLabel and stackLabel name an era's deck and Distant Market stack.
func (d *Dealer) deckLabel(era engine.Era) string  { return deckLabel(d.id, era) }
func (d *Dealer) stackLabel(era engine.Era) string { return stackLabel(d.id, era) }

// deckLabel and stackLabel name game id's deals of an era: its deck and its Distant Market stack.
func deckLabel(id string, era engine.Era) string  { return id + "/" + eraName(era) + "/deck" }
func stackLabel(id string, era engine.Era) string { return id + "/" + eraName(era) + "/distant" }

func eraName(era engine.Era) string {
	if era == engine.Rail {
		return "rail"
	}
	return "canal"
}

// Receive takes a message from another seat. A message that comes before its deal can
// take it is kept and offered again. One that adds nothing to the deal (a pass, keys or audit
// keys it already holds) is deal.ErrDuplicate, and changes nothing: a transport that numbers
// each seat's messages can tell a message passed on again from a seat repeating itself. Any
// other error means the message is malformed or proves cheating (errors.Is deal.ErrCheat,
// with the seat in *deal.Error): the game cannot go on. A refused message leaves the Dealer unchanged; an error from what
// it then let the Dealer do (a card that opens to no card: a false pass, which the audit
// names) leaves the message taken.
func (d *Dealer) Receive(m Msg) error {
	if err := d.checkShape(m); err != nil {
		return err
	}
	taken, err := d.take(m)
	if err != nil {
		return err
	}
	if !taken {
		if d.heldFrom(m.From) >= maxHeld {
			return fmt.Errorf("dealer: seat %d sent more messages than can come before their deal: %w", m.From, deal.ErrMalformed)
		}
		d.held = append(d.held, m)
		return nil
	}
	return d.advance()
}

// maxHeld bounds the messages of one seat kept for a deal that cannot take them yet. An honest
// seat has few: before this device's game reaches the Rail Era, the shuffle pass of its deck
// and stack (the passes after need this seat's); a pass that overtook the one before it on
// another connection; a keys message that overtook the last locking pass. Twice that leaves
// room; more is refused.
const maxHeld = 8

func (d *Dealer) heldFrom(seat int) int {
	n := 0
	for _, h := range d.held {
		if h.From == seat {
			n++
		}
	}
	return n
}

// checkShape: one payload, from another seat, whose inner seat is its sender.
func (d *Dealer) checkShape(m Msg) error {
	if m.From < 0 || m.From >= d.n || m.From == d.me {
		return fmt.Errorf("dealer: a message from seat %d: %w", m.From, deal.ErrMalformed)
	}
	seat, n := -1, 0
	if m.Pass != nil {
		seat, n = m.Pass.Seat, n+1
	}
	if m.Keys != nil {
		seat, n = m.Keys.Seat, n+1
	}
	if m.Audit != nil {
		seat, n = m.Audit.Seat, n+1
	}
	if n != 1 || seat != m.From {
		return fmt.Errorf("dealer: a message from seat %d carries %d payloads for seat %d: %w", m.From, n, seat, deal.ErrMalformed)
	}
	return nil
}

// take offers a message to its deal: false if it must wait (its deal not started, or
// deal.ErrNotYet).
func (d *Dealer) take(m Msg) (bool, error) {
	var err error
	switch {
	case m.Pass != nil:
		dl := d.deals[m.Pass.Label]
		if dl == nil {
			return false, d.unknownLabel(m.Pass.Label)
		}
		err = dl.AcceptPass(*m.Pass)
	case m.Keys != nil:
		dl := d.deals[m.Keys.Label]
		if dl == nil {
			return false, d.unknownLabel(m.Keys.Label)
		}
		err = dl.AcceptKeys(*m.Keys)
	default:
		a := m.Audit
		dl := d.deals[a.Label]
		if dl == nil {
			return false, d.unknownLabel(a.Label)
		}
		if old, ok := d.audits[a.Label][a.Seat]; ok {
			if !sameAudit(old, *a) {
				return false, &deal.Error{Kind: deal.ErrCheat, Label: a.Label, Seat: a.Seat, Step: "audit", Pos: -1, Msg: "two different sets of audit keys"}
			}
			return false, &deal.Error{Kind: deal.ErrDuplicate, Label: a.Label, Seat: a.Seat, Step: "audit", Pos: -1, Msg: "audit keys already held"}
		}
		if d.audits[a.Label] == nil {
			d.audits[a.Label] = map[int]deal.AuditKeys{}
		}
		d.audits[a.Label][a.Seat] = *a
		return true, nil
	}
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, deal.ErrNotYet):
		return false, nil
	}
	return false, err
}

// unknownLabel: a message for a deal not started here is kept if it can be one still to
// come (the Rail Era's, before this device's game reaches it), refused otherwise.
func (d *Dealer) unknownLabel(label string) error {
	if d.t.Era == engine.Canal && (label == d.deckLabel(engine.Rail) || label == d.stackLabel(engine.Rail)) {
		return nil
	}
	return fmt.Errorf("dealer: a message for deal %q, which is not this game's: %w", label, deal.ErrMalformed)
}

func sameAudit(a, b deal.AuditKeys) bool {
	if a.Label != b.Label || a.Seat != b.Seat || a.DeckKey != b.DeckKey || len(a.PosKeys) != len(b.PosKeys) {
		return false
	}
	for i := range a.PosKeys {
		if a.PosKeys[i] != b.PosKeys[i] {
			return false
		}
	}
	return true
}

// advance does everything this device can do now, until nothing is left: start the era's
// deals, make this seat's passes, take the messages kept for later, give out the cards the
// game drew, and show the game the cards and tile it may now open.
func (d *Dealer) advance() error {
	for progress := true; progress; {
		progress = false
		if err := d.startEra(); err != nil {
			return err
		}
		for _, label := range d.labels {
			made, err := d.pass(d.deals[label])
			if err != nil {
				return err
			}
			progress = progress || made
		}
		held := d.held
		d.held = nil
		for i, m := range held {
			taken, err := d.take(m)
			if errors.Is(err, deal.ErrDuplicate) {
				continue // (taken meanwhile, on another way)
			}
			if err != nil {
				d.held = append(d.held, held[i+1:]...)
				return err
			}
			if taken {
				progress = true
			} else {
				d.held = append(d.held, m)
			}
		}
		gave, err := d.give()
		if err != nil {
			return err
		}
		shown, err := d.show()
		if err != nil {
			return err
		}
		progress = progress || gave || shown
	}
	return nil
}

// startEra starts the deals of the era the game is in, once.
func (d *Dealer) startEra() error {
	label := d.deckLabel(d.t.Era)
	if d.deals[label] != nil {
		return nil
	}
	if err := d.start(label, deckList(d.t.Edition, d.n)); err != nil {
		return err
	}
	if tiles := stackList(d.t.Edition, d.n); len(tiles) > 0 {
		return d.start(d.stackLabel(d.t.Era), tiles)
	}
	return nil
}

func (d *Dealer) start(label string, cards []deal.Card) error {
	dl, err := deal.New(label, cards, d.n, d.me, d.rand)
	if err != nil {
		return err
	}
	d.deals[label] = dl
	d.labels = append(d.labels, label)
	return nil
}

// pass makes this seat's next pass of a deal when it is its turn.
func (d *Dealer) pass(dl *deal.Deal) (bool, error) {
	_, seat, shuffle := dl.Next()
	if seat != d.me || d.me == deal.NoSeat {
		return false, nil
	}
	var p deal.Pass
	var err error
	if shuffle {
		p, err = dl.Shuffle()
	} else {
		p, err = dl.Lock()
	}
	if err != nil {
		return false, err
	}
	d.out = append(d.out, Msg{From: d.me, Pass: &p})
	return true, nil
}

// give gives out the cards the game has drawn since last time, once their deck is locked:
// each to its seat, with this seat's keys for the other seats' cards.
func (d *Dealer) give() (bool, error) {
	draws := d.t.Draws
	var pos []int
	var dl *deal.Deal
	start := d.drawn
	flush := func() error {
		if len(pos) == 0 {
			return nil
		}
		k, err := dl.KeysFor(pos...)
		if err != nil {
			return err
		}
		d.out = append(d.out, Msg{From: d.me, Keys: &k})
		pos = nil
		return nil
	}
	for ; d.drawn < len(draws); d.drawn++ {
		w := draws[d.drawn]
		next := d.deals[d.deckLabel(w.Era)]
		if next == nil || !next.Locked() {
			break
		}
		if next != dl {
			if err := flush(); err != nil {
				return false, err
			}
			dl = next
		}
		if w.FaceDown {
			continue // given to nobody: its keys stay on every device until the audit
		}
		if err := dl.Give(w.Position, w.Seat); err != nil {
			return false, err
		}
		if w.Seat != d.me && d.me != deal.NoSeat {
			pos = append(pos, w.Position)
		}
	}
	if err := flush(); err != nil {
		return false, err
	}
	return d.drawn > start, nil
}

// show hands out this seat's cards that it can now open, and the Distant Market tile being
// turned over once every key for it is in, for the caller to show its game.
func (d *Dealer) show() (bool, error) {
	shown := false
	for _, w := range d.t.Draws[:d.drawn] {
		at := place{w.Era, w.Position}
		if w.Seat != d.me || w.FaceDown || w.Era != d.t.Era || w.Shown || d.shown[at] {
			continue
		}
		c, _, known, err := d.deals[d.deckLabel(w.Era)].Card(w.Position)
		if err != nil {
			return false, err
		}
		if !known {
			continue
		}
		d.shown[at] = true
		d.reveals = append(d.reveals, engine.Reveal{Era: w.Era, Position: w.Position, Card: d.t.Edition.Cards[c].ID})
		shown = true
	}
	if d.tile != nil {
		c, _, known, err := d.deals[d.stackLabel(d.tile.Era)].Card(d.tile.Position)
		if err != nil {
			return false, err
		}
		if known {
			r := *d.tile
			r.Tile = d.t.Edition.DistantTiles[c].ID
			d.reveals = append(d.reveals, r)
			d.tile = nil
			shown = true
		}
	}
	return shown, nil
}

// MaxMessages is the most messages one seat can send in a whole game that each add something
// to the deal: per deal (an era's deck and Distant Market stack) its two passes, its audit
// keys, and at most one keys message per position (each gives at least one new key).
func MaxMessages(ed *engine.Edition, players int) int {
	per := len(deckList(ed, players)) + 3
	if tiles := len(stackList(ed, players)); tiles > 0 {
		per += tiles + 3
	}
	return 2 * per
}

// HeldMessages counts the messages kept for a deal that cannot take them yet (each seat's
// bounded by maxHeld).
func (d *Dealer) HeldMessages() int { return len(d.held) }
