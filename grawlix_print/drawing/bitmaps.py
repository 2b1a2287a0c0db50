"""Opening a PNG or JPEG within bounds: every picture the studio decodes goes through ``opened``.

A picture file is small on disk and large in memory: a PNG of one colour
12,000 pixels square is 450 kB and decodes to 430 MB, and a header can claim
any size at all. Pillow's own guard (``Image.MAX_IMAGE_PIXELS``) warns on a
raw ``warnings.warn`` line past 89 million pixels and raises a traceback past
twice that; here a picture's size is read from its header first and refused
past ``MAX_PIXELS``, in one line, before a pixel is decoded, and Pillow's
warning is an error of the same kind. The bound is generous for print (a
500 mm board at 300 dpi is 35 million pixels) and keeps a build within
seconds and a few hundred megabytes per picture.
"""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..errors import StudioError

if TYPE_CHECKING:
    from PIL import Image

MAX_PIXELS = 36_000_000
"""6,000 x 6,000: more than a 500 x 500 mm board needs at 300 dpi."""
MAX_SIDE = 30_000
"""A strip of 30,000 x 1,200 is within the pixels, but no page holds it at print resolution."""


def pixels_fault(width: int, height: int) -> str | None:
    """Why a picture of ``width`` x ``height`` pixels is refused, or None."""
    if width <= 0 or height <= 0:
        return f"a picture of {width} x {height} pixels has no area"
    if width * height > MAX_PIXELS or max(width, height) > MAX_SIDE:
        return (f"{width:,} x {height:,} pixels is more than a picture may hold ({MAX_PIXELS:,} pixels, "
                f"{MAX_SIDE:,} a side): scale it down (300 dpi at its printed size is plenty)")  # fmt: skip
    return None


@contextmanager
def opened(data: bytes, formats: tuple[str, ...] = ("PNG", "JPEG")) -> Iterator[Image.Image]:
    """The picture in ``data`` opened lazily (nothing decoded yet), once its header's size is within
    bounds; anything that is not a readable picture of ``formats`` is one ``StudioError``."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=formats)
    except UnidentifiedImageError:
        raise StudioError(f"cannot read the picture: not a {' or '.join(formats)} file") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        claimed = re.search(r"\((\d+) pixels\)", str(error))
        size = f"{int(claimed[1]):,} pixels" if claimed else "its size"
        raise StudioError(f"{size} is more than a picture may hold ({MAX_PIXELS:,} pixels): scale it down") from None
    except (OSError, SyntaxError, ValueError, EOFError) as error:
        raise StudioError(f"cannot read the picture: {error}") from None
    with image:
        fault = pixels_fault(image.width, image.height)
        if fault:
            raise StudioError(fault)
        yield image


def measured(data: bytes) -> tuple[int, int, str]:
    """A PNG's or JPEG's width, height and format, its data checked whole (without decoding it)."""
    with opened(data) as image:
        found = (image.width, image.height, image.format or "")
        try:
            image.verify()
        except (OSError, SyntaxError, ValueError, EOFError) as error:
            raise StudioError(f"cannot read the picture: {error}") from None
    return found


def decoded(data: bytes, mode: str = "RGB") -> Image.Image:
    """The picture's pixels in ``mode``, decoded within bounds."""
    with opened(data) as image:
        try:
            return image.convert(mode)
        except (OSError, SyntaxError, ValueError, EOFError) as error:
            raise StudioError(f"cannot read the picture: {error}") from None
