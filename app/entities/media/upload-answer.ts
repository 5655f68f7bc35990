/**
 * The header of the answer to an upload's last PATCH that names the Media library item the upload
 * became (issue #44): the Media screen's upload message follows that item's state.
 */
export const MEDIA_ITEM_HEADER = "Media-Item-Id";
