import { Link } from "react-router";
import { CategoryLabel } from "./category-label";
import { CommunityAvatar } from "./community-avatar";

type Item = { id: number; name: string; category: string; avatar: string; description: string };

/** Communities as a plain list: avatar, name (a link), category label, first line of the description. */
export function CommunityList({ communities, empty }: { communities: Item[]; empty: string }) {
  if (communities.length === 0) return <p className="hint">{empty}</p>;
  return (
    <ul className="community-list">
      {communities.map((community) => (
        <li key={community.id} className="community-item">
          <CommunityAvatar name={community.name} avatar={community.avatar} category={community.category} />
          <div>
            <Link to={`/communities/${community.id}`}>{community.name}</Link>{" "}
            <CategoryLabel category={community.category} />
            {community.description ? <p className="hint">{community.description.split("\n")[0]}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
