"""Photos on an activity (#/runs/ID, views/run/photos-card.js) at phone size: the owner
adds photos from the phone (a file that is no photo is refused with the server's reason
and the others are kept), opens one upright at screen size and removes one; a stranger
sees a public activity's photos and can't add or remove any."""
import base64
from pathlib import Path

from conftest import Server  # noqa: F401  (the fixtures)
from synthetic_runs import upload

PHOTOS = Path(__file__).resolve().parent.parent / "Fixtures" / "photos"

CHOOSE = """
const input = document.querySelector('.photos-card input[type=file]');
const transfer = new DataTransfer();
for (const file of arguments[0]) {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  transfer.items.add(new File([bytes], file.name, { type: file.type }));
}
input.files = transfer.files;
input.dispatchEvent(new Event('change'));
"""


def files(*names):
    types = {".jpg": "image/jpeg", ".webp": "image/webp", ".png": "image/png"}
    return [{"name": name, "type": types[Path(name).suffix], "data": base64.b64encode((PHOTOS / name).read_bytes()).decode()}
            for name in names]


def test_the_owner_adds_views_and_removes_photos_and_a_stranger_sees_them(server, browser):
    ann = server.register("Ann", sharing="public")
    bo = server.register("Bo")
    run = upload(server, ann[0], meters=3000, step=5, name="Canal loop")

    a = browser(phone=True)
    a.log_in(ann)
    a.open(f"/#/runs/{run['id']}")
    a.wait(lambda: "No photos yet." in a.find(".photos-card").text, message="the owner's photos card did not show")
    assert a.visible("button[name=add-photos]").text.strip() == "Add photos"
    assert "Location and camera details are removed" in a.find(".photos-card").text
    a.js(CHOOSE, files("camera.jpg", "not-an-image.jpg", "photo.webp"))
    a.wait(lambda: len(a.finds(".photo-grid img")) == 2, 30, "the two photos did not appear")
    a.wait(lambda: a.find(".photos-status").text == "2 photos added.")
    assert "a photo must be a JPEG, PNG, WebP or HEIC image" in a.js("return document.body.innerText")
    a.wait(lambda: a.js("return [...document.querySelectorAll('.photo-grid img')].every((i) => i.naturalWidth === 360)"),
           message="the thumbnails did not load")
    a.js("document.querySelector('.photos-card').scrollIntoView()")
    a.shot("photos-card")
    # The phone photo opens upright: its camera said "turn it", and the server did.
    a.click(".photo-grid li:first-child button")
    viewer = a.visible(".photo-viewer img")
    a.wait(lambda: a.js("return arguments[0].naturalWidth", viewer) == 480)
    assert a.js("return arguments[0].naturalHeight", viewer) == 640
    a.shot("photo-viewer")
    a.click("button[name=remove-photo]")
    a.wait(lambda: len(a.finds(".photo-grid img")) == 1, message="the photo was not removed")
    assert a.finds(".photo-viewer") == []
    # The one failed load is the refused SVG's answer.
    assert [e for e in a.errors() if "415 (Unsupported Media Type)" not in e] == []

    b = browser(phone=True)
    b.log_in(bo)
    b.open(f"/#/runs/{run['id']}")
    b.wait(lambda: len(b.finds(".photo-grid img")) == 1, message="the stranger did not see the public activity's photo")
    assert b.finds("button[name=add-photos]") == []
    assert "Location and camera" not in b.find(".photos-card").text
    b.click(".photo-grid li:first-child button")
    b.visible(".photo-viewer img")
    assert b.finds("button[name=remove-photo]") == []
    b.click("button[name=close-photo]")
    assert b.finds(".photo-viewer") == []
    assert b.errors() == []


def test_a_private_activity_shows_its_photos_to_no_one_else(server, browser):
    cy = server.register("Cy")
    dee = server.register("Dee")
    run = upload(server, cy[0], meters=2000, step=5, privacy="private")
    status, photo = server.api("POST", f"/runs/{run['id']}/photos", (PHOTOS / "camera.jpg").read_bytes(),
                               token=cy[0], content_type="image/jpeg")
    assert status == 201, photo
    b = browser(phone=True)
    b.log_in(dee)
    b.open(f"/#/runs/{run['id']}")
    b.wait(lambda: "Run not available" in b.js("return document.body.innerText"))
    status = b.js("return fetch(arguments[0]).then((r) => r.status)", f"/api/v1/photos/{photo['id']}")
    assert status == 404
    # Its owner sees it, through the session cookie an <img> sends.
    c = browser(phone=True)
    c.log_in(cy)
    c.open(f"/#/runs/{run['id']}")
    c.wait(lambda: c.js("return [...document.querySelectorAll('.photo-grid img')].some((i) => i.naturalWidth === 360)"),
           message="the owner's private photo did not load")
    # An open photo closes when the page changes.
    c.click(".photo-grid li:first-child button")
    c.visible(".photo-viewer img")
    c.open("/#/profile")
    c.wait(lambda: c.finds(".photo-viewer") == [], message="the photo stayed open on another page")
    assert c.errors() == []
