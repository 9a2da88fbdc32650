package dealer

import (
	"errors"
	"fmt"

	"brass/app/deal"
	"brass/engine"
)

// deckCards lists the cards a move discards from the deck's cards, in the move's order:
// its card and its extra cards (Scout, a two-card build), leaving out wild cards, which are
// taken face up and were never dealt.
func deckCards(ed *engine.Edition, m engine.Move) ([]engine.CardKind, error) {
	var out []engine.CardKind
	for _, id := range append([]string{m.Card}, m.Cards...) {
		if id == "" {
			continue
		}
		k, ok := ed.CardByID(id)
		if !ok {
			return nil, fmt.Errorf("dealer: the move names no card %q: %w", id, deal.ErrMalformed)
		}
		if t := ed.Cards[k].Type; t != engine.WildLocationCard && t != engine.WildIndustryCard {
			out = append(out, k)
		}
	}
	return out, nil
}

// PlayProof is what the mover's device sends with its move: for each card the move
// discards from the deck, the position it was dealt at and this seat's key for it, which
// opens the card for everyone (nil for a move that discards none). It opens those
// positions here too; call it once the move is decided, just before sending it.
func (d *Dealer) PlayProof(m engine.Move) (*deal.Keys, error) {
	if m.Player != d.me {
		return nil, fmt.Errorf("dealer: seat %d proves only its own moves, not seat %d's", d.me, m.Player)
	}
	cards, err := deckCards(d.t.Edition, m)
	if err != nil || len(cards) == 0 {
		return nil, err
	}
	dl := d.deals[d.deckLabel(d.t.Era)]
	var pos []int
	for _, k := range cards {
		j := d.ownPosition(dl, k, pos)
		if j < 0 {
			return nil, fmt.Errorf("dealer: seat %d was dealt no %s card it has not played", d.me, d.t.Edition.Cards[k].ID)
		}
		pos = append(pos, j)
	}
	for _, j := range pos {
		if err := dl.Open(j); err != nil {
			return nil, err
		}
	}
	keys, err := dl.KeysFor(pos...)
	if err != nil {
		return nil, err
	}
	return &keys, nil
}

// ownPosition is a position of the era's deck dealt to this seat that holds card k, not
// played and not among taken, or −1.
func (d *Dealer) ownPosition(dl *deal.Deal, k engine.CardKind, taken []int) int {
	for _, w := range d.t.Draws[:d.drawn] {
		if w.Seat != d.me || w.FaceDown || w.Era != d.t.Era || dl.Opened(w.Position) {
			continue
		}
		c, _, known, err := dl.Card(w.Position)
		if err != nil || !known || engine.CardKind(c) != k || contains(taken, w.Position) {
			continue
		}
		return w.Position
	}
	return -1
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// CheckPlay checks another seat's move against its proof before this device applies it:
// each card the move discards from the deck must be the card dealt to the mover at the
// position the proof names, opened by the mover's key. A card that is not the one dealt
// there, a position dealt to another seat or played before, and a wrong key are proof
// against the mover (errors.Is deal.ErrCheat). deal.ErrNotYet means a key for the card has
// not reached this device yet: nothing is opened, and the check may be made again.
func (d *Dealer) CheckPlay(m engine.Move, proof *deal.Keys) error {
	cards, err := deckCards(d.t.Edition, m)
	if err != nil {
		return err
	}
	if len(cards) == 0 {
		if proof != nil {
			return fmt.Errorf("dealer: a proof with a move that discards no card from the deck: %w", deal.ErrMalformed)
		}
		return nil
	}
	label := d.deckLabel(d.t.Era)
	dl := d.deals[label]
	switch {
	case proof == nil:
		return fmt.Errorf("dealer: seat %d's move discards %d cards but comes with no proof: %w", m.Player, len(cards), deal.ErrMalformed)
	case proof.Label != label || proof.Seat != m.Player || len(proof.Pos) != len(cards):
		return fmt.Errorf("dealer: seat %d's proof is for deal %q, seat %d, %d cards, not its move: %w", m.Player, proof.Label, proof.Seat, len(proof.Pos), deal.ErrMalformed)
	case m.Player == d.me:
		return fmt.Errorf("dealer: this seat's own move came from outside: %w", deal.ErrMalformed)
	}
	for _, j := range proof.Pos {
		if j < 0 || j >= dl.Size() {
			return fmt.Errorf("dealer: position %d: %w", j, deal.ErrMalformed)
		}
		if dl.Given(j) != m.Player || dl.Opened(j) {
			return &deal.Error{Kind: deal.ErrCheat, Label: label, Seat: m.Player, Step: "play", Pos: j,
				Msg: "the card played was not dealt to the seat there, or was played before"}
		}
	}
	// The other seats' keys for the cards, sent when they were dealt, may still be on their
	// way: check again when they come. The player's own keys are taken only once every card
	// can be opened with them, so that this device never holds a card it can open but has
	// not opened (were one card of three still waiting, the other two would be).
	for _, j := range proof.Pos {
		for _, seat := range dl.Missing(j) {
			if seat != m.Player {
				return &deal.Error{Kind: deal.ErrNotYet, Label: label, Seat: seat, Step: "play", Pos: j, Msg: "waiting for the seat's key for the card played"}
			}
		}
	}
	if err := dl.AcceptKeys(*proof); err != nil && !errors.Is(err, deal.ErrDuplicate) {
		return err
	}
	// Every card is opened before any is checked: a false card among them stops the game,
	// and leaves no card this device could open that it has not opened.
	for _, j := range proof.Pos {
		if err := dl.Open(j); err != nil {
			return err
		}
	}
	for i, j := range proof.Pos {
		if err := dl.CheckPlay(j, m.Player, deal.Card(cards[i])); err != nil {
			return err
		}
	}
	return nil
}

// TurnOver starts turning over the Distant Market tile r that a sale (legal in every other
// way; engine.Game.NeedsReveal names the tile) needs, on every device when the move arrives:
// this seat's key for it goes in the Outbox, and the tile is among the Reveals once every
// seat's key is in (then the game can apply the move).
func (d *Dealer) TurnOver(r engine.Reveal) error {
	if d.tile != nil && *d.tile != r {
		return fmt.Errorf("dealer: a tile is already being turned over")
	}
	dl := d.deals[d.stackLabel(r.Era)]
	if dl == nil || !dl.Locked() {
		return fmt.Errorf("dealer: the Distant Market stack is not dealt yet: %w", deal.ErrNotYet)
	}
	if err := dl.Open(r.Position); err != nil {
		return err
	}
	if d.me != deal.NoSeat { // (a watcher holds no key: it waits for every seat's)
		k, err := dl.KeysFor(r.Position)
		if err != nil {
			return err
		}
		d.out = append(d.out, Msg{From: d.me, Keys: &k})
	}
	d.tile = &r
	return d.advance()
}

// Waiting lists the seats this device waits for before the game can go on: their passes of
// a deal, or their keys for a card dealt to this seat or for the tile being turned over.
// Empty when this device's game holds every card it may.
func (d *Dealer) Waiting() []int {
	seen := map[int]bool{}
	var out []int
	add := func(seats ...int) {
		for _, s := range seats {
			if !seen[s] && s != d.me {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	for _, label := range d.labels {
		if dl := d.deals[label]; !dl.Locked() {
			_, seat, _ := dl.Next()
			add(seat)
		}
	}
	for _, w := range d.t.Draws[:d.drawn] {
		if w.Seat == d.me && !w.FaceDown && w.Era == d.t.Era && !w.Shown && !d.shown[place{w.Era, w.Position}] {
			add(d.deals[d.deckLabel(w.Era)].Missing(w.Position)...)
		}
	}
	if d.drawn < len(d.t.Draws) {
		if dl := d.deals[d.deckLabel(d.t.Draws[d.drawn].Era)]; dl != nil && !dl.Locked() {
			_, seat, _ := dl.Next()
			add(seat)
		}
	}
	if d.tile != nil {
		add(d.deals[d.stackLabel(d.tile.Era)].Missing(d.tile.Position)...)
	}
	return out
}

// Ready reports whether this device's game holds every card it may and waits for no tile.
func (d *Dealer) Ready() bool {
	return len(d.Waiting()) == 0 && d.drawn == len(d.t.Draws) && d.tile == nil && len(d.reveals) == 0
}

// Stalled lists, from the deal's public messages, the other seats whose messages the game
// waits for now, and for what: the pass of a deal that is theirs to make, their key for a
// card dealt to another seat (a seat keeps its own key for its own card: that one is never
// waited for), their key for the Distant Market tile being turned over. Any device can work
// it out, whoever the card is for.
func (d *Dealer) Stalled() map[int]string {
	out := map[int]string{}
	add := func(seat int, what string) {
		if _, ok := out[seat]; !ok && seat != d.me {
			out[seat] = what
		}
	}
	for _, label := range d.labels {
		if dl := d.deals[label]; !dl.Locked() {
			_, seat, shuffle := dl.Next()
			kind := "locking"
			if shuffle {
				kind = "shuffling"
			}
			add(seat, "its "+kind+" pass of the deal")
		}
	}
	for _, w := range d.t.Draws[:d.drawn] {
		if w.FaceDown || w.Era != d.t.Era || w.Seat == d.me && (w.Shown || d.shown[place{w.Era, w.Position}]) {
			continue
		}
		dl := d.deals[d.deckLabel(w.Era)]
		if dl.Opened(w.Position) {
			continue
		}
		for _, seat := range dl.Missing(w.Position) {
			if seat != w.Seat {
				add(seat, "its key for a card dealt to another player")
			}
		}
	}
	if d.tile != nil {
		for _, seat := range d.deals[d.stackLabel(d.tile.Era)].Missing(d.tile.Position) {
			add(seat, "its key for the Distant Market tile")
		}
	}
	return out
}
