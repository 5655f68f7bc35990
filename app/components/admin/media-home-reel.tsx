import { SettingForm } from "~/components/admin/setting-form";
import { SelectField } from "~/components/forms/fields";

/**
 * The home page's reel (admins; decision 0510): a ready video of the library, or the studio's
 * reel file when none is chosen. A plain POST to the Media screen.
 */
export function MediaHomeReel({
  current,
  videos,
}: {
  current: string | null;
  videos: readonly { value: string; label: string }[];
}) {
  return (
    <SettingForm intent="home-reel" save="Save reel" align="end">
      <div className="min-w-64 grow">
        <SelectField
          id="home-reel"
          name="reelId"
          label="Home page reel"
          hint="Plays on the home page; with none chosen, the studio's reel file plays."
          options={videos}
          placeholder="The reel file"
          defaultValue={current ?? ""}
        />
      </div>
    </SettingForm>
  );
}
