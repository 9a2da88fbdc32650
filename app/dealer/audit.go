package dealer

import (
	"fmt"

	"brass/app/deal"
)

// AuditKeys publishes, for the audit at the end of the game (or when it is abandoned),
// every key this seat holds in every deal: the messages go in the Outbox. After it this
// device hides nothing, so call it only when no card is left to play. A deal whose passes
// this seat has not both made dealt nothing and needs no audit.
func (d *Dealer) AuditKeys() error {
	if d.me == deal.NoSeat {
		return nil // a watcher holds no key to publish
	}
	for _, label := range d.labels {
		dl := d.deals[label]
		if !dl.Locked() {
			continue
		}
		a, err := dl.AuditKeys()
		if err != nil {
			return err
		}
		if d.audits[label] == nil {
			d.audits[label] = map[int]deal.AuditKeys{}
		}
		d.audits[label][d.me] = a
		d.out = append(d.out, Msg{From: d.me, Audit: &a})
	}
	return nil
}

// Audit re-runs every deal from every seat's audit keys, once all are in: nil when every
// pass and key was true and every card opened during the game is the card the deal held
// there. A failure names the seat and the step (a *deal.Error, errors.Is deal.ErrCheat);
// deal.ErrNotYet while a seat's keys are missing.
func (d *Dealer) Audit() error {
	for _, label := range d.labels {
		dl := d.deals[label]
		if !dl.Locked() {
			continue
		}
		var all []deal.AuditKeys
		for seat := range d.n {
			a, ok := d.audits[label][seat]
			if !ok {
				return &deal.Error{Kind: deal.ErrNotYet, Label: label, Seat: seat, Step: "audit", Pos: -1, Msg: "waiting for the seat's audit keys"}
			}
			all = append(all, a)
		}
		if _, err := dl.Audit(all); err != nil {
			return fmt.Errorf("dealer: the audit of %s: %w", label, err)
		}
	}
	return nil
}

// AuditCalled lists the other seats whose audit keys came: a seat that publishes them
// before the game ends has called the audit (the game cannot go on).
func (d *Dealer) AuditCalled() []int {
	var out []int
	for seat := range d.n {
		if seat == d.me {
			continue
		}
		for _, label := range d.labels {
			if _, ok := d.audits[label][seat]; ok {
				out = append(out, seat)
				break
			}
		}
	}
	return out
}

// Known lists, per deal, the positions this device can open: its own cards, the cards
// played and the tiles turned over (and, on an honest device, nothing else).
func (d *Dealer) Known() map[string][]deal.Known {
	out := map[string][]deal.Known{}
	for _, label := range d.labels {
		out[label] = d.deals[label].Known()
	}
	return out
}

// Unentitled counts the positions this device can open that its seat may not see: neither
// dealt to it nor opened to all (0 on an honest device; a check for tests and debugging).
// With sale, a Distant Market stack's positions are allowed: a device may open the tile of a
// sale on its way once the other seats' keys for it are in.
func (d *Dealer) Unentitled(sale bool) int {
	n := 0
	for _, label := range d.labels {
		dl := d.deals[label]
		for _, k := range dl.Known() {
			if dl.Given(k.Pos) != d.me && !dl.Opened(k.Pos) && !(sale && label == d.stackLabel(d.t.Era)) {
				n++
			}
		}
	}
	return n
}

// Deal returns the deal of that label, for tests and the record.
func (d *Dealer) Deal(label string) *deal.Deal { return d.deals[label] }

// AuditMissing lists the seats whose audit keys have not come for some deal that was dealt.
func (d *Dealer) AuditMissing() []int {
	var out []int
	for seat := range d.n {
		for _, label := range d.labels {
			if _, ok := d.audits[label][seat]; d.deals[label].Locked() && !ok {
				out = append(out, seat)
				break
			}
		}
	}
	return out
}
