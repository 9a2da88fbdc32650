package mailroom

import (
	"bytes"
	"errors"
	"fmt"

	"brass/mailbox"
)

// genesisCheck compares the mailbox's own create and genesis envelopes with the game this
// device plays: a mailbox holding another game (another seat's keys, another host) is
// refused at once with a clear error, rather than by every append it would refuse.
type genesisCheck struct {
	link *Link
	host []byte // from the create envelope
}

func (g *genesisCheck) see(e mailbox.Envelope) error {
	switch e.Kind {
	case mailbox.KindCreate:
		invite, _ := e.Signer()
		c, err := mailbox.ParseCreate(e.Body)
		if err != nil || !e.Verify() || mailbox.GameID(invite) != g.link.game || c.Seats != len(g.link.genesis.Keys) {
			return errors.New("the mailbox's game was not created for this game")
		}
		g.host, _ = mailbox.Decode64(c.Host, 32)
	case mailbox.KindGenesis:
		signer, _ := e.Signer()
		if g.host == nil || !bytes.Equal(signer, g.host) || !e.Verify() {
			return errors.New("the mailbox's genesis is not signed by the host who created it")
		}
		body, err := mailbox.ParseGenesis(e.Body, len(g.link.genesis.Keys))
		if err != nil {
			return fmt.Errorf("the mailbox's genesis is malformed: %w", err)
		}
		for s, seat := range body.Seats {
			if seat.Sign != string(g.link.genesis.Keys[s]) || seat.Box != string(g.link.genesis.Boxes[s]) {
				return fmt.Errorf("the mailbox holds another game: seat %d's keys are not this game's", s)
			}
		}
	}
	return nil
}
