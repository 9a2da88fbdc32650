package mesh

// What the mesh needs of WebRTC, and no more: a peer connection that makes and takes offers
// and candidates, and one data channel of text frames. Natively (tests, tools) pion provides
// it (rtc_native.go); in the browser it is the browser's own RTCPeerConnection, called
// directly (rtc_js.go), so the page carries none of pion's ICE, DTLS and SCTP code, which the
// browser does not use.

// ICEServer is a STUN or TURN server (from the signalling server's welcome).
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// SDP is a session description as it travels between peers: {"type":"offer","sdp":"…"},
// the browser's and pion's own JSON form.
type SDP struct {
	Type string `json:"type"` // "offer" or "answer"
	SDP  string `json:"sdp"`
}

// Candidate is an ICE candidate as it travels between peers (RTCIceCandidateInit).
type Candidate struct {
	Candidate        string  `json:"candidate"`
	SDPMid           *string `json:"sdpMid"`
	SDPMLineIndex    *uint16 `json:"sdpMLineIndex"`
	UsernameFragment *string `json:"usernameFragment"`
}

// conn is one peer connection. Its callbacks must be set before the offer or answer is made
// and must not block for long: in the browser they run on the page's event loop.
type conn interface {
	// OnCandidate reports each local candidate to send to the peer.
	OnCandidate(func(Candidate))
	// OnFailed reports that the connection failed.
	OnFailed(func())
	// OnChannel reports the data channel the offering side created.
	OnChannel(func(channel))
	// CreateChannel makes the data channel (the offering side, before its offer).
	CreateChannel(label string) (channel, error)
	// Offer makes an offer and sets it as the local description.
	Offer() (SDP, error)
	// Answer sets the peer's offer and answers it.
	Answer(offer SDP) (SDP, error)
	// Accept sets the peer's answer to this side's offer.
	Accept(answer SDP) error
	// AddCandidate adds a candidate from the peer (after its description is set).
	AddCandidate(Candidate) error
	// Route names the candidate types of the selected pair ("host", "relay", …), or "".
	Route() (local, remote string)
	Close()
}

// channel is a reliable, ordered data channel of text frames.
type channel interface {
	Label() string
	// OnOpen, OnClose and OnMessage are called in the order things happen on the channel.
	OnOpen(func())
	OnClose(func())
	OnMessage(func([]byte))
	Send(text string) error
	Close()
}
