// The scan and the clean walk both press and act in Hazel Row: in one file they run one after the other in
// one worker. Side by side, the walk's alerts and drawers reached the caregiver whose screens were being
// scanned, and axe once measured the resident drawer's badges under another layer.
import './alert-flow.walk';
import './clean-walk.walk';
