package online

import "encoding/json"

// PublicRecord reads what a message every device receives says of the game's public record,
// for a watcher who holds no seat (app's Watch): the signed moves it carries and a player's
// ending. The watcher checks each move as any device does (Ledger.Append); anything else, or
// a message that does not read, says nothing (ok false).
func PublicRecord(data []byte) (moves []Signed, end *Ending, ok bool) {
	var m message
	if json.Unmarshal(data, &m) != nil {
		return nil, nil, false
	}
	switch m.Type {
	case msgMove:
		if m.Move == nil {
			return nil, nil, false
		}
		return []Signed{*m.Move}, nil, true
	case msgSync:
		return m.Moves, nil, len(m.Moves) > 0
	case msgEnd:
		return nil, m.End, m.End != nil
	}
	return nil, nil, false
}
