// The trust page opened from an evening (`/trust#s=…&r=…`: the fragment names it, and no
// browser sends a fragment to a server) ends on that evening: its last link, the secure
// link, carries the same fragment.
const link = document.getElementById("secure-link");
if (link && /^#s=[^&#]+&[rw]=[^&#]+$/.test(location.hash)) link.href = link.href.split("#")[0] + location.hash;
