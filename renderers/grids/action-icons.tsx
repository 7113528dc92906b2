/**
 * The icons a definition's actions may name. A fixed map (not the whole icon
 * package) keeps the grid chunk small; an unknown name shows no icon.
 */
import AddIcon from '@mui/icons-material/Add';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LaunchIcon from '@mui/icons-material/Launch';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import FileCopyIcon from '@mui/icons-material/FileCopy';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PriorityHighIcon from '@mui/icons-material/PriorityHigh';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import TuneIcon from '@mui/icons-material/Tune';
import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewListIcon from '@mui/icons-material/ViewList';
import type { SvgIconComponent } from '@mui/icons-material';

const ICONS: Record<string, SvgIconComponent> = {
  Add: AddIcon,
  AssignmentTurnedIn: AssignmentTurnedInIcon,
  AttachFile: AttachFileIcon,
  Block: BlockIcon,
  Cancel: CancelIcon,
  CheckCircle: CheckCircleIcon,
  Delete: DeleteIcon,
  Download: DownloadIcon,
  Edit: EditIcon,
  GroupAdd: GroupAddIcon,
  Launch: LaunchIcon,
  LowPriority: LowPriorityIcon,
  FileCopy: FileCopyIcon,
  PictureAsPdf: PictureAsPdfIcon,
  PlayArrow: PlayArrowIcon,
  PriorityHigh: PriorityHighIcon,
  Refresh: RefreshIcon,
  Replay: ReplayIcon,
  Save: SaveIcon,
  Send: SendIcon,
  ThumbDown: ThumbDownIcon,
  ThumbUp: ThumbUpIcon,
  Tune: TuneIcon,
  Undo: UndoIcon,
  UploadFile: UploadFileIcon,
  ViewList: ViewListIcon,
};

export const ACTION_ICON_NAMES = Object.keys(ICONS);

export function ActionIcon({ name }: { name: string | undefined }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon fontSize="small" /> : null;
}
