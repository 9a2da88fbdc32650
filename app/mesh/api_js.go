//go:build js

package mesh

import "github.com/pion/webrtc/v4"

// newAPI builds pion's API. In the browser pion wraps RTCPeerConnection, which chooses its
// own candidates, so there is nothing to set.
func newAPI(cfg Config) *webrtc.API { return webrtc.NewAPI() }
