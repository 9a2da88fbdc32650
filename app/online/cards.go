package online

import "brass/engine"

// cards is how a game's cards come to its devices: from the seed (every device works them
// out: seededCards) or dealt by the devices between them (dealtGame, dealing.go). The Replica
// asks it wherever the two differ, and it is never nil.
type cards interface {
	// dealt reports whether the devices deal the cards (no bots, no undos).
	dealt() bool
	// append verifies a peer's move and applies it (errPending: held for the deal).
	append(s Signed, bots BotPolicy) error
	// play signs and commits this device's move (or its bot's).
	play(m engine.Move, bot bool) error
	// pending reports whether a move waits for the deal.
	pending() bool
	// ready reports whether this device's player may move as far as the cards go.
	ready() bool
	// greet sends a newly greeted device what it needs of the deal; synced what follows a
	// catch-up this device sent it.
	greet(to string)
	synced(to string)
	// take takes deal messages a device sent or passed on.
	take(p *peer, list []SignedDeal)
	// settle does what the deal can do after an event.
	settle()
	// stalls adds the devices the deal waits for, and for what.
	stalls(into map[int]reason)
	// startAudit has this device publish its audit keys (a game ended early).
	startAudit()
	// refusedAudit records that a device withheld its audit keys.
	refusedAudit(seat int, why string)
	// opened runs when a channel to a peer has opened.
	opened()
}

// seededCards: every device works the cards out from the seed; nothing to deal.
type seededCards struct{ r *Replica }

func (c *seededCards) dealt() bool { return false }

func (c *seededCards) append(s Signed, bots BotPolicy) error { return c.r.ledger.Append(s, bots) }

func (c *seededCards) play(m engine.Move, bot bool) error { return c.r.playSeeded(m, bot) }

func (c *seededCards) pending() bool                     { return false }
func (c *seededCards) ready() bool                       { return true }
func (c *seededCards) greet(string)                      {}
func (c *seededCards) synced(string)                     {}
func (c *seededCards) settle()                           {}
func (c *seededCards) stalls(map[int]reason)             {}
func (c *seededCards) startAudit()                       {}
func (c *seededCards) refusedAudit(seat int, why string) {}
func (c *seededCards) opened()                           {}

func (c *seededCards) take(p *peer, list []SignedDeal) {
	c.r.notify(true, "Ignored deal messages from %s: this game is dealt from its seed.", c.r.peerName(p))
}
