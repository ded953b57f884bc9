import { FileButton, Group, Image, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../shared/api';
import { useMessages } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { createMediaImages } from './media-images';
import '../admin-org-messages';

const mediaImages = createMediaImages(api, typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** A company's logo is the media image `logo.<enterpriseId>` ("load enterprise logo by enterpriseId"). */
export const companyLogoId = (enterpriseId: string) => `logo.${enterpriseId}`;

/** The company's logo (nothing while it has none) and, for those who may, 'Upload Logo'. */
export function CompanyLogo({ enterpriseId, canUpload }: { enterpriseId: string; canUpload: boolean }) {
  const M = useMessages('adminOrg');
  const queryClient = useQueryClient();
  const resourceId = companyLogoId(enterpriseId);
  const logo = useQuery({
    queryKey: ['mediaImage', resourceId],
    queryFn: async () => {
      try {
        return await mediaImages.get(resourceId);
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null; // no logo yet
        throw error;
      }
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => mediaImages.put(resourceId, file, enterpriseId),
    onSuccess: async () => {
      toast.success(M.logoSaved());
      await queryClient.invalidateQueries({ queryKey: ['mediaImage', resourceId] });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : M.saveFailed()),
  });
  return (
    <Group gap="sm" wrap="nowrap">
      {logo.data ? <Image src={logo.data} alt={M.companyLogo()} h={48} w="auto" fit="contain" /> : null}
      {canUpload ? (
        <FileButton
          onChange={(file) => file && upload.mutate(file)}
          accept="image/png,image/jpeg,image/gif,image/webp"
        >
          {(props) => (
            <Text
              component="button"
              type="button"
              c="blue.8"
              size="sm"
              td="underline"
              style={{ background: 'none', border: 0, minHeight: 44, cursor: 'pointer' }}
              {...props}
            >
              {upload.isPending ? M.uploading() : M.uploadLogo()}
            </Text>
          )}
        </FileButton>
      ) : null}
    </Group>
  );
}
