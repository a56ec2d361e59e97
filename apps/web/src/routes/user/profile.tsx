import { ProfileScreen } from '../../features/account/components/profile-screen.tsx';

export function ProfileRoute() {
  return <ProfileScreen />;
}
