// Package signal is the signalling of online games: a WebSocket endpoint on the game's own
// server that introduces the players' devices to each other so they can open WebRTC
// connections, and the client that talks to it (natively and in the browser).
//
// The server sees rooms, peer ids and opaque connection data (SDP offers and answers, ICE
// candidates), never a game action: the moves travel over the data channels between the
// devices. Messages are JSON objects, one per WebSocket text message:
//
//	client → server
//	  {"v":2,"type":"host","size":3,"key":K}               open a room for 2–4 players; the server picks its code
//	  {"v":2,"type":"join","room":"K7QF-9MZT"}             enter an existing room
//	  {"v":2,"type":"reopen","room":"K7QF-9MZT","size":3,"key":K}
//	                                                       enter the room, opening it again under this code if it is gone
//	  {"type":"proof","sig":S}                             reopen: the signature of the challenge by the room's key
//	  {"type":"signal","to":"p2","data":{…}}               relay data to one member of the room
//
//	server → client
//	  {"type":"challenge","nonce":N}                  reopen: prove that you hold the room's key
//	  {"type":"welcome","room":…,"you":"p3","size":3,"peers":["p1","p2"],"host":"p1","ice":[…]}
//	  {"type":"peer-joined","peer":"p3"}              sent to the members already there: they offer to p3
//	                                                  ("host":"p3" when p3 proved the room's key)
//	  {"type":"signal","from":"p1","data":{…}}
//	  {"type":"peer-left","peer":"p2"}
//	  {"type":"error","code":"room-full","message":"…"}
//
// The first message must be host, join or reopen, of this protocol's Version (an older page
// is told to reload). The server, not the clients, decides who offers to whom: the members
// already in a room offer to a newcomer, which is told about them only once it is
// registered, so two devices never offer to each other at once and no offer reaches a socket
// that is not yet listening. Every error closes the connection except unknown-peer (the
// peer may have just left), and the server goes on serving the others.
//
// Reopening is bound to the game: a host registers an Ed25519 public key K (base64url),
// derived by the players' devices from a secret they share and the server never sees, and
// the server keeps code → K while the room lives and for a while after. A reopen must sign
// the server's fresh nonce N with that key (S = Sign(ProofPayload(code, N))); a code the
// server holds no key for is bound to the first reopen's key. The host the server names
// (welcome's host, peer-joined's host) is a member that registered or proved the key.
package signal

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
)

// Message types.
const (
	TypeHost       = "host"
	TypeJoin       = "join"
	TypeReopen     = "reopen"
	TypeProof      = "proof"
	TypeSignal     = "signal"
	TypeChallenge  = "challenge"
	TypeWelcome    = "welcome"
	TypePeerJoined = "peer-joined"
	TypePeerLeft   = "peer-left"
	TypeError      = "error"
)

// Error codes sent by the server.
const (
	CodeBadMessage   = "bad-message"
	CodeTooBig       = "too-big"
	CodeRateLimit    = "rate-limit"
	CodeNoRoom       = "no-room"
	CodeRoomFull     = "room-full"
	CodeBadRoomCode  = "bad-room-code"
	CodeUnknownPeer  = "unknown-peer"
	CodeTooManyConns = "too-many-connections"
	CodeTooManyRooms = "too-many-rooms"
	CodeHostLimit    = "host-limit"  // this address opened too many rooms, or too fast
	CodeEntryLimit   = "entry-limit" // this address asked for rooms too often
	CodeNotYourRoom  = "not-your-room"
	CodeReload       = "reload" // the page speaks an older protocol
	CodeTimeout      = "timeout"
	CodeTooSlow      = "too-slow"
	CodeShutdown     = "shutdown"
)

// Message is every message of the protocol; each type uses some of the fields.
type Message struct {
	V       int             `json:"v,omitempty"` // the protocol version, in the first message
	Type    string          `json:"type"`
	Room    string          `json:"room,omitempty"`
	Size    int             `json:"size,omitempty"`
	To      string          `json:"to,omitempty"`
	From    string          `json:"from,omitempty"`
	Data    json.RawMessage `json:"data,omitempty"`
	You     string          `json:"you,omitempty"`
	Peers   []string        `json:"peers,omitempty"`
	Peer    string          `json:"peer,omitempty"`
	ICE     []ICEServer     `json:"ice,omitempty"`
	Code    string          `json:"code,omitempty"`
	Message string          `json:"message,omitempty"`
	Host    string          `json:"host,omitempty"`  // welcome, peer-joined: the member named the room's host
	Key     string          `json:"key,omitempty"`   // host, reopen: the room's public key
	Nonce   string          `json:"nonce,omitempty"` // challenge
	Sig     string          `json:"sig,omitempty"`   // proof
}

// Version is the signalling protocol's version: 2 added the room keys. A first message of
// another version is refused with CodeReload.
const Version = 2

// NonceBytes is the length of a challenge's nonce.
const NonceBytes = 32

// proofDomain separates reopen signatures from any other use of a key.
const proofDomain = "brass reopen proof v1"

// ProofPayload is what a reopen signs: the room code and the server's nonce, so a proof
// cannot be replayed on another connection or for another room.
func ProofPayload(code string, nonce []byte) []byte {
	b := make([]byte, 0, len(proofDomain)+2+len(code)+len(nonce))
	b = append(b, proofDomain...)
	b = append(b, 0)
	b = append(b, code...)
	b = append(b, 0)
	return append(b, nonce...)
}

// Encode64 and Decode64 carry keys, nonces and signatures as unpadded base64url.
func Encode64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// Decode64 decodes Encode64's text, checking its length in bytes.
func Decode64(s string, n int) ([]byte, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	return b, err == nil && len(b) == n
}

// ICEServer is a STUN or TURN server as RTCPeerConnection takes it.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// Room sizes.
const (
	MinRoomSize = 2
	MaxRoomSize = 4
)

// Room codes are 8 characters of Crockford's base 32 (digits and letters without I, L, O
// and U): 40 random bits, easy to read aloud and type, shown as XXXX-XXXX.
const codeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// CodeLength is the number of characters of a room code.
const CodeLength = 8

// ErrBadCode is returned by NormalizeCode for text that is not a room code.
var ErrBadCode = errors.New("a room code has 8 letters and digits, like K7QF-9MZT")

// NewCode returns a fresh random room code.
func NewCode() string {
	var b [5]byte // 40 bits
	_, _ = rand.Read(b[:])
	v := uint64(b[0])<<32 | uint64(b[1])<<24 | uint64(b[2])<<16 | uint64(b[3])<<8 | uint64(b[4])
	out := make([]byte, CodeLength)
	for i := CodeLength - 1; i >= 0; i-- {
		out[i] = codeAlphabet[v&31]
		v >>= 5
	}
	return string(out)
}

// NormalizeCode reads a room code as a person types it: case does not matter, spaces and
// hyphens are ignored, I and L are read as 1 and O as 0.
func NormalizeCode(s string) (string, error) {
	var b strings.Builder
	for _, r := range strings.ToUpper(s) {
		switch r {
		case ' ', '-':
			continue
		case 'I', 'L':
			r = '1'
		case 'O':
			r = '0'
		}
		if !strings.ContainsRune(codeAlphabet, r) || b.Len() >= CodeLength {
			return "", ErrBadCode
		}
		b.WriteRune(r)
	}
	if b.Len() != CodeLength {
		return "", ErrBadCode
	}
	return b.String(), nil
}

// FormatCode shows a room code as XXXX-XXXX.
func FormatCode(code string) string {
	if len(code) == CodeLength {
		return code[:4] + "-" + code[4:]
	}
	return code
}

// Error is the server's refusal, as the client reports it.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string {
	if e.Message != "" {
		return e.Message
	}
	return "signalling error: " + e.Code
}

// Permanent reports whether trying again cannot help (the room does not exist or is full,
// the code is wrong), as opposed to a dropped connection or a busy server.
func (e *Error) Permanent() bool {
	switch e.Code {
	case CodeNoRoom, CodeRoomFull, CodeBadRoomCode, CodeBadMessage, CodeNotYourRoom, CodeReload:
		return true
	}
	return false
}
