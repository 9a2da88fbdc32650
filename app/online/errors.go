package online

import "fmt"

// RefuseKind names why a signed move was refused, for callers and tests to tell apart.
type RefuseKind int

// Why a move is refused.
const (
	RefuseGame      RefuseKind = iota + 1 // it belongs to another game
	RefuseSignature                       // the signature does not verify
	RefuseSeat                            // the signer does not hold the move's seat
	RefuseBot                             // a bot's move the policy does not allow
	RefuseGap                             // not the next index (moves are missing before it)
	RefuseStale                           // an index reopened by an undo, at an old take
	RefuseRewrite                         // a different move where one was already accepted
	RefuseChain                           // made on another history
	RefuseState                           // made on another position
	RefuseIllegal                         // the engine refuses it
)

// Refusal is a signed move that changed nothing, and why.
type Refusal struct {
	Kind  RefuseKind
	Index int       // the move's index as it claims
	Seat  int       // the seat it is for
	Key   PublicKey // who signed it
	Why   string    // a sentence fragment a player can read
}

func (r *Refusal) Error() string { return r.Why }

func refuse(k RefuseKind, s Signed, format string, args ...any) *Refusal {
	return &Refusal{Kind: k, Index: s.Index, Seat: s.Seat(), Key: s.Signer, Why: fmt.Sprintf(format, args...)}
}

// Equivocation is proof of cheating: one key signed two different moves for the same index
// and take. Every device that sees it can check it (Check) and show it with both moves.
type Equivocation struct {
	A, B Signed
}

func (e *Equivocation) Error() string {
	return fmt.Sprintf("seat %d's key signed two different moves for move %d", e.A.Seat()+1, e.A.Index+1)
}

// Check verifies that the proof is real for a game: both moves verify, come from the same
// seated key, for the same game, index and take, and differ. A forged "proof" is an error.
func (e Equivocation) Check(g Genesis) error {
	a, b := e.A, e.B
	switch {
	case !a.Verify() || !b.Verify():
		return fmt.Errorf("a signature in the proof does not verify")
	case a.Signer != b.Signer || g.seatOf(a.Signer) < 0:
		return fmt.Errorf("the two moves are not signed by the same seated key")
	case a.Game != g.Game || b.Game != g.Game || a.Index != b.Index || a.Take != b.Take:
		return fmt.Errorf("the two moves are not for the same slot of this game")
	case sameContent(a, b):
		return fmt.Errorf("the two moves are the same move")
	}
	return nil
}
