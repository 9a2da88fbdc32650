//go:build !js

package push

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"brass/mailbox"
)

// Prefix is where the server mounts the service.
const Prefix = "/push/"

// Error codes of the API's refusals.
const (
	CodeBadRequest   = "bad-request"        // not JSON, or a field missing or malformed
	CodeTooBig       = "too-big"            // a body over MaxBody
	CodeMethod       = "method-not-allowed" // not the method the path takes
	CodeNotFound     = "not-found"          // no such path
	CodeStale        = "stale"              // the request's time is more than Skew from the server's
	CodeBadSignature = "bad-signature"      // the signature is not the key's over the request
	CodeNoGame       = "no-game"            // no such game
	CodeNotStarted   = "not-started"        // the game has no seats yet
	CodeNotASeat     = "not-a-seat"         // the key is not one of the game's seats
	CodeBadSeat      = "bad-seat"           // a nudge to no seat of the game, or to the sender's own
	CodeBadKind      = "bad-kind"           // a nudge of a kind the service does not know
	CodeBadEndpoint  = "bad-endpoint"       // an endpoint that is not a push service's https URL
	CodeBadKeys      = "bad-keys"           // a subscription's keys are not a P-256 key and a 16-byte secret
	CodeRateLimit    = "rate-limit"         // too many requests from an address or a key, or pushes to a seat
	CodeUnavailable  = "unavailable"        // the store or the game's seats could not be read: try again
	CodeShutdown     = "shutdown"           // the server is stopping
)

// apiError is a refusal: its status, and the JSON body {"code":…, "message":…}.
type apiError struct {
	status  int
	Code    string `json:"code"`
	Message string `json:"message"`
}

func badRequest(format string, a ...any) *apiError {
	return &apiError{http.StatusBadRequest, CodeBadRequest, fmt.Sprintf(format, a...)}
}

func unavailable(what string) *apiError {
	return &apiError{http.StatusServiceUnavailable, CodeUnavailable, "The server could not read " + what + ": try again."}
}

// subscribeRequest is the body of POST /push/subscribe and /push/unsubscribe.
type subscribeRequest struct {
	Game string       `json:"game"`
	Key  string       `json:"key"` // the seat's Ed25519 signing key, base64url
	Sub  Subscription `json:"sub"`
	At   int64        `json:"at"` // Unix milliseconds
	Sig  string       `json:"sig"`
}

// nudgeRequest is the body of POST /push/nudge.
type nudgeRequest struct {
	Game string `json:"game"`
	Key  string `json:"key"`
	To   *int   `json:"to"`
	Kind string `json:"kind"`
	At   int64  `json:"at"`
	Sig  string `json:"sig"`
	// Due, for kind remind only: when to send it (Unix milliseconds; 0: now). The signature
	// then covers it (NudgeMessageDue).
	Due int64 `json:"due,omitempty"`
}

// ServeHTTP serves GET /push/key, POST /push/subscribe, /push/unsubscribe and /push/nudge.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, _ := strings.CutPrefix(r.URL.Path, Prefix)
	var status int
	var body any
	var err *apiError
	switch name {
	case "key":
		if r.Method != http.MethodGet {
			err = methodNotAllowed(w, http.MethodGet)
			break
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(s.keyRes)
		return
	case "subscribe", "unsubscribe", "nudge":
		if r.Method != http.MethodPost {
			err = methodNotAllowed(w, http.MethodPost)
			break
		}
		status, body, err = s.post(r, name)
	default:
		err = &apiError{http.StatusNotFound, CodeNotFound, "No such path: the push API is /push/key, /push/subscribe, /push/unsubscribe and /push/nudge."}
	}
	if err != nil {
		s.count.refused.Add(1)
		s.cfg.Logf("push: %s %s from %s refused: %s", r.Method, r.URL.Path, s.cfg.Proxies.RemoteKey(r), err.Code)
		status, body = err.status, err
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

func methodNotAllowed(w http.ResponseWriter, method string) *apiError {
	w.Header().Set("Allow", method)
	return &apiError{http.StatusMethodNotAllowed, CodeMethod, "This path takes " + method + " only."}
}

// post reads a request's body (at most MaxBody bytes) after charging its address, and
// serves it.
func (s *Service) post(r *http.Request, name string) (int, any, *apiError) {
	now := s.cfg.Now()
	s.mu.Lock()
	err := s.lim.takeAddr(s.cfg.Proxies.RemoteKey(r), now)
	s.mu.Unlock()
	if err != nil {
		return 0, nil, err
	}
	if r.ContentLength > MaxBody {
		return 0, nil, tooBig()
	}
	b, rerr := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	switch {
	case rerr != nil:
		return 0, nil, badRequest("The request's body could not be read.")
	case len(b) > MaxBody:
		return 0, nil, tooBig()
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	if name == "nudge" {
		var req nudgeRequest
		if err := decode(b, &req); err != nil {
			return 0, nil, err
		}
		return s.nudge(ctx, now, req)
	}
	var req subscribeRequest
	if err := decode(b, &req); err != nil {
		return 0, nil, err
	}
	if name == "subscribe" {
		return s.subscribe(ctx, now, req)
	}
	return s.unsubscribe(ctx, now, req)
}

func tooBig() *apiError {
	return &apiError{http.StatusRequestEntityTooLarge, CodeTooBig, fmt.Sprintf("The request is over %d bytes.", MaxBody)}
}

func decode(b []byte, v any) *apiError {
	if err := json.Unmarshal(b, v); err != nil {
		return badRequest("The request is not its JSON object: %v.", err)
	}
	return nil
}

// signed is a request whose signature checks out, from a seat of its game.
type signed struct {
	key   string   // the seat's key, base64url
	seats []string // the game's seats' keys, base64url, by seat
	seat  int      // the sender's
}

// verify checks a signed request in the order of what it costs: its fields' shape, its time,
// its signature, the key's rate (charged only once the key is known to have signed it),
// then the game's seats.
func (s *Service) verify(ctx context.Context, now time.Time, game, key string, at int64, sig string, msg []byte) (signed, *apiError) {
	if !mailbox.ValidGameID(game) {
		return signed{}, badRequest("game: not a game id.")
	}
	pub, ok := mailbox.Decode64(key, ed25519.PublicKeySize)
	if !ok || mailbox.Encode64(pub) != key {
		return signed{}, badRequest("key: not an Ed25519 public key in base64url.")
	}
	sigb, ok := mailbox.Decode64(sig, ed25519.SignatureSize)
	if !ok {
		return signed{}, badRequest("sig: not an Ed25519 signature in base64url.")
	}
	if at == 0 {
		return signed{}, badRequest("at: missing (the request's time, Unix milliseconds).")
	}
	if d := now.Sub(time.UnixMilli(at)); d > Skew || d < -Skew {
		return signed{}, &apiError{http.StatusBadRequest, CodeStale, fmt.Sprintf("The request's time is %s from the server's, over %s: check the device's clock.", d.Round(time.Second), Skew)}
	}
	if !ed25519.Verify(pub, msg, sigb) {
		return signed{}, &apiError{http.StatusForbidden, CodeBadSignature, "The signature is not the key's over this request."}
	}
	s.mu.Lock()
	err := s.lim.takeKey(key, now)
	s.mu.Unlock()
	if err != nil {
		return signed{}, err
	}
	raw, serr := s.cfg.Seats(ctx, game)
	switch {
	case errors.Is(serr, ErrNoGame):
		return signed{}, &apiError{http.StatusNotFound, CodeNoGame, "No such game on this server."}
	case errors.Is(serr, ErrNotStarted):
		return signed{}, &apiError{http.StatusConflict, CodeNotStarted, "The game has not started: it has no seats yet."}
	case serr != nil:
		s.cfg.Logf("push: the seats of a game: %v", serr)
		return signed{}, unavailable("the game's seats")
	}
	out := signed{key: key, seat: -1}
	for i, k := range raw {
		b, _ := mailbox.Decode64(k, ed25519.PublicKeySize)
		out.seats = append(out.seats, mailbox.Encode64(b))
		if bytes.Equal(b, pub) && out.seat < 0 {
			out.seat = i
		}
	}
	if out.seat < 0 {
		return signed{}, &apiError{http.StatusForbidden, CodeNotASeat, "The key is not one of the game's seats."}
	}
	return out, nil
}

// subscribe keeps a subscription for the seat whose key signed it: only a seat's own device
// can ask for its notifications.
func (s *Service) subscribe(ctx context.Context, now time.Time, req subscribeRequest) (int, any, *apiError) {
	if err := s.checkEndpoint(req.Sub.Endpoint); err != nil {
		return 0, nil, err
	}
	sub, err := checkSubKeys(req.Sub)
	if err != nil {
		return 0, nil, err
	}
	who, err := s.verify(ctx, now, req.Game, req.Key, req.At, req.Sig, SubscribeMessage(req.Game, req.Key, req.Sub, req.At))
	if err != nil {
		return 0, nil, err
	}
	if first, err := s.once(req.Sig, req.At); err != nil || !first {
		return http.StatusOK, okBody{OK: true, Dup: !first}, err
	}
	if err := s.store.Put(ctx, who.key, sub, now, MaxSubscriptions); err != nil {
		s.forget(req.Sig)
		s.cfg.Logf("push: storing a subscription: %v", err)
		return 0, nil, unavailable("its store")
	}
	return http.StatusOK, okBody{OK: true}, nil
}

// unsubscribe removes a subscription of the seat whose key signed the request.
func (s *Service) unsubscribe(ctx context.Context, now time.Time, req subscribeRequest) (int, any, *apiError) {
	if req.Sub.Endpoint == "" || len(req.Sub.Endpoint) > MaxEndpoint {
		return 0, nil, &apiError{http.StatusBadRequest, CodeBadEndpoint, fmt.Sprintf("sub.endpoint: missing or over %d bytes.", MaxEndpoint)}
	}
	who, err := s.verify(ctx, now, req.Game, req.Key, req.At, req.Sig, UnsubscribeMessage(req.Game, req.Key, req.Sub, req.At))
	if err != nil {
		return 0, nil, err
	}
	if first, err := s.once(req.Sig, req.At); err != nil || !first {
		return http.StatusOK, okBody{OK: true, Dup: !first}, err
	}
	removed, serr := s.store.Delete(ctx, who.key, req.Sub.Endpoint)
	if serr != nil {
		s.forget(req.Sig)
		s.cfg.Logf("push: removing a subscription: %v", serr)
		return 0, nil, unavailable("its store")
	}
	// A seat that turns its notifications off wants no reminder either.
	s.cancelReminder(ctx, req.Game, who.seat)
	return http.StatusOK, okBody{OK: true, Removed: &removed}, nil
}

// okBody is a request's answer when it is taken.
type okBody struct {
	OK        bool  `json:"ok"`
	Dup       bool  `json:"dup,omitempty"`       // the same request was taken before: nothing done again
	Removed   *bool `json:"removed,omitempty"`   // unsubscribe: whether there was such a subscription
	Coalesced bool  `json:"coalesced,omitempty"` // nudge: not sent, the seat was notified less than Spacing ago
	Scheduled bool  `json:"scheduled,omitempty"` // nudge with a due: kept, to be sent then
}

// nudge notifies a seat of the game on behalf of another seat's device, which made the
// move that calls for it: the server runs no game and cannot tell on its own. A remind with
// a due is kept and sent then (the device that hands the turn on knows the next player's
// deadline). Any nudge taken cancels the sender's own pending reminder: its device acted,
// so its turn is over.
func (s *Service) nudge(ctx context.Context, now time.Time, req nudgeRequest) (int, any, *apiError) {
	if req.To == nil {
		return 0, nil, badRequest("to: missing (the seat to notify).")
	}
	kind, ok := kinds[req.Kind]
	if !ok {
		return 0, nil, &apiError{http.StatusBadRequest, CodeBadKind, "kind: one of turn, start, end, wait and remind."}
	}
	to := *req.To
	msg := NudgeMessage(req.Game, req.Key, to, req.Kind, req.At)
	due := time.UnixMilli(req.Due)
	if req.Due != 0 {
		switch {
		case req.Kind != "remind":
			return 0, nil, badRequest("due: only a remind is sent later.")
		case due.Sub(now) > MaxDue:
			return 0, nil, badRequest("due: more than %s ahead.", MaxDue)
		case now.Sub(due) > Skew:
			return 0, nil, badRequest("due: more than %s past.", Skew)
		}
		msg = NudgeMessageDue(req.Game, req.Key, to, req.Kind, req.At, req.Due)
	}
	who, err := s.verify(ctx, now, req.Game, req.Key, req.At, req.Sig, msg)
	if err != nil {
		return 0, nil, err
	}
	if to < 0 || to >= len(who.seats) || to == who.seat {
		return 0, nil, &apiError{http.StatusBadRequest, CodeBadSeat, "to: " + strconv.Itoa(to) + " is not another seat of the game."}
	}
	later := req.Due != 0 && due.After(now)
	s.mu.Lock()
	first, err := s.lim.once(req.Sig, time.UnixMilli(req.At))
	send := false
	if err == nil && first && !later {
		if send, err = s.lim.spacing(pair{req.Game, to}, now); err != nil {
			delete(s.lim.seen, req.Sig)
		}
	}
	s.mu.Unlock()
	switch {
	case err != nil:
		return 0, nil, err
	case !first:
		return http.StatusAccepted, okBody{OK: true, Dup: true}, nil
	}
	s.count.nudges.Add(1)
	s.cancelReminder(ctx, req.Game, who.seat)
	if req.Due != 0 {
		// A newer reminder replaces the older, whether it is kept or sent now.
		var serr error
		if later {
			serr = s.store.PutReminder(ctx, Reminder{Game: req.Game, Seat: to, Key: who.seats[to], Due: due})
		} else {
			_, serr = s.store.CancelReminder(ctx, req.Game, to)
		}
		if serr != nil {
			s.forget(req.Sig)
			s.cfg.Logf("push: keeping a reminder: %v", serr)
			return 0, nil, unavailable("its store")
		}
		if later {
			return http.StatusAccepted, okBody{OK: true, Scheduled: true}, nil
		}
	}
	if !send {
		s.count.coalesced.Add(1)
		return http.StatusAccepted, okBody{OK: true, Coalesced: true}, nil
	}
	if err := s.deliver(ctx, req.Game, who.seats[to], req.Kind, kind); err != nil {
		return 0, nil, err
	}
	return http.StatusAccepted, okBody{OK: true}, nil
}

// deliver queues a push of a kind for a game to each subscription of a seat key.
func (s *Service) deliver(ctx context.Context, game, key, kindName string, k kind) *apiError {
	subs, serr := s.store.List(ctx, key)
	if serr != nil {
		s.cfg.Logf("push: reading a seat's subscriptions: %v", serr)
		return unavailable("its store")
	}
	payload, _ := json.Marshal(Payload{Game: game, Kind: kindName})
	for _, sub := range subs {
		if err := s.enqueue(job{sub: sub, payload: payload, kind: k, topic: Topic(game)}); err != nil {
			return err
		}
	}
	return nil
}

// once records a request's signature (see limits.once).
func (s *Service) once(sig string, at int64) (bool, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lim.once(sig, time.UnixMilli(at))
}

// forget lets a request whose action failed be sent again.
func (s *Service) forget(sig string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.lim.seen, sig)
}
