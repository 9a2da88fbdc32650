package mailroom

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"slices"

	"brass/mailbox"
)

// Checkpoint is where a device left its game's mailbox, stored with the game: the last
// message whose replies the mailbox acknowledged, a hash of the log up to it as the device
// read it, and the messages up to it that did not check out; and what lets the next visit
// read only the messages after it (the past as the core needs it).
//
// It saves work and it catches a lie. The next visit reads the log from message N again (the
// checkpoint's own message, whose hash with the chain before it must give Hash) and takes
// only what follows: the core, taken up from the store that holds everything up to N, is
// given instead the newest hello each seat sent it (Hellos: it then knows its peers again, as
// a reloaded page in a live game does), and the envelopes taken up to N are known by their
// ids, so none is taken twice. A mailbox that holds fewer messages than the device read (a
// store restored from an old backup), or another message N, is caught at once and named; what
// the device read before N it does not read again. A checkpoint without Prev (stored by the
// versions before, or of a core that cannot be greeted again) has the next visit read the log
// from its start as they did, given the core again, replies not sent again and envelopes not
// checked again one by one (the log's hash says they are the very envelopes checked before);
// it then stores one with Prev.
type Checkpoint struct {
	N        int64   `json:"n"`
	Hash     []byte  `json:"hash,omitempty"` // the log chain after message N (see chain)
	Rejected []int64 `json:"rejected,omitempty"`
	Prev     []byte  `json:"prev,omitempty"`  // the log chain after message N−1
	Taken    []byte  `json:"taken,omitempty"` // the ids of the envelopes taken up to N (envelopeID), in order
	// Hellos are the newest hello each seat sent the core up to N, by peer id, as it came
	// (online.Replica.Hellos).
	Hellos map[string][]byte `json:"hellos,omitempty"`
}

// After is the message number a visit opens the mailbox after: N−1, so that it reads message
// N again and checks it, or 0 (the whole log) for a checkpoint that cannot resume.
func (cp Checkpoint) After() int64 {
	if cp.resumes() {
		return cp.N - 1
	}
	return 0
}

// resumes reports whether a visit can take only what came after the checkpoint.
func (cp Checkpoint) resumes() bool {
	return cp.N > 0 && len(cp.Hash) == len(chain{}) && len(cp.Prev) == len(chain{}) && len(cp.Taken)%len(envelopeID{}) == 0
}

// chain is a running SHA-256 over the log as delivered: each message's number and envelope
// (its canonical JSON) after the hash before it.
type chain [32]byte

func (c chain) next(n int64, e *mailbox.Envelope) chain {
	b, _ := json.Marshal(e) // a plain struct: cannot fail
	h := sha256.New()
	h.Write(c[:])
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(n)))
	h.Write(b)
	var out chain
	copy(out[:], h.Sum(nil))
	return out
}

func (cp Checkpoint) rejected(n int64) bool { return slices.Contains(cp.Rejected, n) }

// envelopeID names an envelope by its signer and nonce (which the signer never uses twice):
// the first 8 bytes of their SHA-256. The envelopes of a game number a few thousand at most,
// and the mailbox cannot make a device's envelopes, so two ids of one game are alike only by
// chance, about once in 10¹² games.
type envelopeID [8]byte

func idOf(e *mailbox.Envelope) envelopeID {
	sum := sha256.Sum256([]byte(e.Key + "/" + e.Nonce))
	return envelopeID(sum[:8])
}
