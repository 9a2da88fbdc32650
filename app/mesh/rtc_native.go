//go:build !js

package mesh

import (
	"errors"

	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// Tuner changes pion's settings natively (tests run connections over a virtual network).
type Tuner func(*webrtc.SettingEngine)

// rtc makes pion peer connections. Natively loopback peers need loopback candidates and no
// multicast DNS, which would otherwise bind port 5353 for every connection.
type rtc struct {
	api *webrtc.API
	cfg Config
}

func newRTC(cfg Config) *rtc {
	var se webrtc.SettingEngine
	if cfg.Loopback {
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetIncludeLoopbackCandidate(true)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	}
	if cfg.Tune != nil {
		cfg.Tune(&se)
	}
	return &rtc{api: webrtc.NewAPI(webrtc.WithSettingEngine(se)), cfg: cfg}
}

func (r *rtc) newConn() (conn, error) {
	cfg := webrtc.Configuration{}
	for _, s := range r.cfg.ICEServers {
		cfg.ICEServers = append(cfg.ICEServers, webrtc.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
	}
	if r.cfg.RelayOnly {
		cfg.ICETransportPolicy = webrtc.ICETransportPolicyRelay
	}
	pc, err := r.api.NewPeerConnection(cfg)
	if err != nil {
		return nil, err
	}
	return pionConn{pc}, nil
}

type pionConn struct{ pc *webrtc.PeerConnection }

func (c pionConn) OnCandidate(f func(Candidate)) {
	c.pc.OnICECandidate(func(ic *webrtc.ICECandidate) {
		if ic == nil {
			return
		}
		init := ic.ToJSON()
		f(Candidate{Candidate: init.Candidate, SDPMid: init.SDPMid, SDPMLineIndex: init.SDPMLineIndex, UsernameFragment: init.UsernameFragment})
	})
}

func (c pionConn) OnFailed(f func()) {
	c.pc.OnConnectionStateChange(func(s webrtc.PeerConnectionState) {
		if s == webrtc.PeerConnectionStateFailed {
			f()
		}
	})
}

func (c pionConn) OnChannel(f func(channel)) {
	c.pc.OnDataChannel(func(dc *webrtc.DataChannel) { f(pionChannel{dc}) })
}

func (c pionConn) CreateChannel(label string) (channel, error) {
	dc, err := c.pc.CreateDataChannel(label, nil) // reliable and ordered
	if err != nil {
		return nil, err
	}
	return pionChannel{dc}, nil
}

func (c pionConn) Offer() (SDP, error) {
	sd, err := c.pc.CreateOffer(nil)
	if err == nil {
		err = c.pc.SetLocalDescription(sd)
	}
	return SDP{Type: sd.Type.String(), SDP: sd.SDP}, err
}

func (c pionConn) Answer(offer SDP) (SDP, error) {
	if offer.Type != "offer" {
		return SDP{}, errors.New("not an offer")
	}
	if err := c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeOffer, SDP: offer.SDP}); err != nil {
		return SDP{}, err
	}
	sd, err := c.pc.CreateAnswer(nil)
	if err == nil {
		err = c.pc.SetLocalDescription(sd)
	}
	return SDP{Type: sd.Type.String(), SDP: sd.SDP}, err
}

func (c pionConn) Accept(answer SDP) error {
	if answer.Type != "answer" {
		return errors.New("not an answer")
	}
	return c.pc.SetRemoteDescription(webrtc.SessionDescription{Type: webrtc.SDPTypeAnswer, SDP: answer.SDP})
}

func (c pionConn) AddCandidate(ca Candidate) error {
	return c.pc.AddICECandidate(webrtc.ICECandidateInit{Candidate: ca.Candidate, SDPMid: ca.SDPMid, SDPMLineIndex: ca.SDPMLineIndex, UsernameFragment: ca.UsernameFragment})
}

func (c pionConn) Route() (local, remote string) {
	sctp := c.pc.SCTP()
	if sctp == nil || sctp.Transport() == nil || sctp.Transport().ICETransport() == nil {
		return "", ""
	}
	pair, err := sctp.Transport().ICETransport().GetSelectedCandidatePair()
	if err != nil || pair == nil || pair.Local == nil || pair.Remote == nil {
		return "", ""
	}
	return pair.Local.Typ.String(), pair.Remote.Typ.String()
}

func (c pionConn) Close() { _ = c.pc.Close() }

type pionChannel struct{ dc *webrtc.DataChannel }

func (c pionChannel) Label() string       { return c.dc.Label() }
func (c pionChannel) OnOpen(f func())     { c.dc.OnOpen(f) }
func (c pionChannel) OnClose(f func())    { c.dc.OnClose(f) }
func (c pionChannel) Send(s string) error { return c.dc.SendText(s) }
func (c pionChannel) Close()              { _ = c.dc.Close() }

func (c pionChannel) OnMessage(f func([]byte)) {
	c.dc.OnMessage(func(msg webrtc.DataChannelMessage) { f(msg.Data) })
}
