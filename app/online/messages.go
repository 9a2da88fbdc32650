package online

import (
	"encoding/json"
	"fmt"
)

// The messages of a game in play, between the players' devices over the data channels:
//
//	hello         on every new connection: my seat's key, signed for this connection, and how
//	              far my game is
//	move          a signed move (mine, or my seat bot's), with the state hash after it
//	ack           the state hash after move at (take) on my device: disagreement detection
//	refused       I refused your move at, and why (shown to its sender)
//	sync-request  send me your signed moves from index at
//	sync          signed moves from index at, and every agreed undo (as proof)
//	undo-request  let me take back my move at (take)
//	undo-vote     my answer to an undo request, signed when yes
//	undo          move at (take) is taken back: the proof, every other player's signed yes
//	seat-bot      my device's bot of level plays seat while its player is away ("": handed
//	              back); with runner, another device's bot does (told to the seat's own device)
//	seat-bot-ok   my answer to a seat-bot claim: yes, I see the player away too; no, I see them
//	              here (also sent when they come back)
//	cheat         proof that a key signed two different moves for one slot
//	deal          signed messages of the deal of a game dealt by the devices (dealing.go):
//	              one as it is made, every one held to a device newly greeted

// Version is the version of the online protocol; a peer of another version is told to reload.
const Version = 4

const (
	msgHello       = "hello"
	msgMove        = "move"
	msgAck         = "ack"
	msgRefused     = "refused"
	msgSyncRequest = "sync-request"
	msgSync        = "sync"
	msgUndoRequest = "undo-request"
	msgUndoVote    = "undo-vote"
	msgUndo        = "undo"
	msgSeatBot     = "seat-bot"
	msgSeatBotOK   = "seat-bot-ok"
	msgCheat       = "cheat"
	msgDeal        = "deal"
)

// Limits on what a peer may send.
const (
	maxMoves      = 2000 // a game has about 130–250 moves
	maxReasonText = 500
)

// message is every message of the play phase, flat: the fields a type does not use are empty.
type message struct {
	Type    string `json:"t"`
	Version int    `json:"v,omitempty"`
	Game    string `json:"game"`

	// hello
	Key   PublicKey `json:"key,omitempty"`
	Count int       `json:"count,omitempty"` // moves this device holds
	Sig   []byte    `json:"sig,omitempty"`

	At     int           `json:"at"`
	Take   int           `json:"take,omitempty"`
	Hash   string        `json:"hash,omitempty"` // a state hash, 16 hex digits
	Link   *Link         `json:"link,omitempty"` // the chain link after move at
	Move   *Signed       `json:"move,omitempty"`
	Moves  []Signed      `json:"moves,omitempty"`
	Reason string        `json:"reason,omitempty"`
	Kind   RefuseKind    `json:"kind,omitempty"` // refused: why, as a code
	Yes    bool          `json:"yes,omitempty"`
	Undo   *UndoProof    `json:"undo,omitempty"`  // undo: the proof
	Undos  []UndoProof   `json:"undos,omitempty"` // sync: every agreed undo
	Seat   int           `json:"seat,omitempty"`
	Runner *int          `json:"runner,omitempty"`
	Level  string        `json:"level,omitempty"`
	Proof  *Equivocation `json:"proof,omitempty"`
	Deals  []SignedDeal  `json:"deals,omitempty"`
}

func encode(m message) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err) // plain data
	}
	return b
}

// decode parses a peer's message and checks its shape: anything malformed is an error that
// says what is wrong, and nothing is acted on.
func decode(data []byte, game string, players int) (message, error) {
	var m message
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("a message that is not valid JSON")
	}
	bad := func(what string) (message, error) { return m, fmt.Errorf("a %q message with %s", m.Type, what) }
	if m.Type == msgHello && m.Version != Version {
		return m, errVersion
	}
	if m.Game != game {
		return bad("another game's id")
	}
	if m.At < 0 || m.At > maxMoves || m.Take < 0 || m.Take > maxMoves || m.Count < 0 || m.Count > maxMoves || len(m.Moves) > maxMoves || len(m.Undos) > maxMoves || len(m.Reason) > maxReasonText || len(m.Deals) > maxDeals {
		return bad("a number out of range")
	}
	if m.Hash != "" && !validHash(m.Hash) {
		return bad("a malformed hash")
	}
	switch m.Type {
	case msgHello:
		if !m.Key.Valid() || len(m.Sig) == 0 || len(m.Sig) > 128 || m.Count > 0 && (m.Hash == "" || m.Link == nil) {
			return bad("no valid key, signature or position")
		}
	case msgMove:
		// (A dealt game's sale to the Distant Market goes out before it is applied: no hash.)
		if m.Move == nil {
			return bad("no move")
		}
	case msgAck:
		if m.Hash == "" || m.Link == nil {
			return bad("no hash or link")
		}
	case msgSeatBot, msgSeatBotOK:
		if m.Seat < 0 || m.Seat >= players || (m.Level != "" && !botLevel(m.Level)) || m.Runner != nil && (*m.Runner < 0 || *m.Runner >= players) {
			return bad("a bad seat or level")
		}
	case msgCheat:
		if m.Proof == nil {
			return bad("no proof")
		}
	case msgUndo:
		if m.Undo == nil || len(m.Undo.Votes) > players {
			return bad("no proof")
		}
	case msgDeal:
		if len(m.Deals) == 0 {
			return bad("no deal message")
		}
	case msgRefused, msgSyncRequest, msgSync, msgUndoRequest, msgUndoVote:
	default:
		return m, fmt.Errorf("a message of unknown type %q", m.Type)
	}
	return m, nil
}

// errVersion is a hello from a device running another version of the protocol.
var errVersion = fmt.Errorf("a device running another version of Brass")

func validHash(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return false
		}
	}
	return true
}

func hashString(h uint64) string { return fmt.Sprintf("%016x", h) }

// botLevel reports whether a level names one of the bots.
func botLevel(l string) bool { return l == "easy" || l == "medium" || l == "hard" }
