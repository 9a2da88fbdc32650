package online

// Disagreement detection. Every device acknowledges each move it accepts with the engine's
// state hash after it. Honest devices that accepted the same signed moves hold the same game,
// so a different hash means a bug or a lying device; either way nothing is adopted from it:
// a device keeps every move it verified, names the device that differs, and takes back the
// warning when that device reports the same game again.

// ackVerdict is what an acknowledgement says about this device's game.
type ackVerdict int

const (
	ackAgrees  ackVerdict = iota // the same hash after the same move
	ackDiffers                   // another hash after the same move
	ackAhead                     // a move this device does not hold yet
	ackStale                     // an older take of the move (an undo crossed it): says nothing
	ackUndone                    // a newer take: an undo this device missed (its proof is fetched)
)

// compareAck judges an acknowledgement of move at (take) with the state hash and chain link
// after it against the ledger. The link tells another history even where the state is the
// same (the same move made by a bot and by its player); the hash tells another state from the
// same moves (a bug).
func compareAck(l *Ledger, at, take int, hash string, link Link) ackVerdict {
	switch {
	case at >= l.Len():
		if take < l.takes[at] {
			return ackStale
		}
		return ackAhead
	case l.At(at).Take < take:
		return ackUndone
	case l.At(at).Take != take:
		return ackStale // an undo crossed it (already applied here)
	case hashString(l.HashAfter(at)) != hash || l.links[at] != link:
		return ackDiffers
	}
	return ackAgrees
}
