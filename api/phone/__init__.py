"""The phone page (SPEC §7), served from Flask with no build step and no CDN."""

from flask import Blueprint, render_template

blp = Blueprint("phone", __name__, template_folder="templates", static_folder="static",
                static_url_path="/phone/static")


@blp.get("/")
def page():
    return render_template("phone.html")
