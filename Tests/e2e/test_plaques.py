"""Plaques out of the box: a new instance has Open Plaques' London (data/plaques/), and a
plaque's page says where its data comes from, linked to the plaque on openplaques.org,
with its photo as a link until the instance has fetched it (this server fetches none)."""


def test_a_shipped_plaque_credits_open_plaques(server, browser):
    # Sir Charles Barry's plaque at Clapham (Open Plaques 121), from the shipped data.
    status, answer = server.api("GET", "/pois?south=51.4612&west=-0.1472&north=51.4630&east=-0.1442")
    assert status == 200, answer
    barry = next(point for point in answer["points"] if point["title"] == "Charles Barry plaque")

    b = browser()
    b.open(f"/#/pois/{barry['id']}")
    card = b.visible(".poi-detail")
    b.wait(lambda: "Charles Barry" in card.text)
    assert "Sir Charles Barry 1795-1860 architect lived and died here" in card.text
    credit = b.visible(".poi-attribution")
    assert credit.text == "Plaque data: Open Plaques, public domain", credit.text
    link = credit.find_element("css selector", "a")
    assert link.get_attribute("href") == "https://openplaques.org/plaques/121"
    assert link.get_attribute("rel") == "noopener" and link.get_attribute("target") == "_blank"
    # Not fetched (this server fetches no pictures): the photo is a link to where it is kept.
    photo = b.find(".poi-photo-line")
    assert photo.text == "Photo (opens where it is kept)", photo.text
    assert b.find(".poi-photo-link").get_attribute("href") == "http://farm9.staticflickr.com/8793/17090489770_6c2513c59c_z.jpg"
    assert b.finds("img.poi-photo") == []
    assert b.layout_problems("plaque") == []
    b.shot("plaque-open-plaques")
    assert b.errors() == []
